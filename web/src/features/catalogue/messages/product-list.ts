import { namespace } from '../../../lib/i18n/i18n';
import en from './product-list.en.json';

/** The messages of the lists of products: all products, a category, search, their controls (decision 038). */
export const productListMessages = namespace(en, { bn: new URL('./product-list.bn.json', import.meta.url) });
