import { namespace } from '../../../lib/i18n/i18n';
import en from './product.en.json';

/** The messages of the product page: details, photos, the purchase form and its stock (decision 038). */
export const productMessages = namespace(en, { bn: new URL('./product.bn.json', import.meta.url) });
