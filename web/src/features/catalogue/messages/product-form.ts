import { namespace } from '../../../lib/i18n/i18n';
import en from './product-form.en.json';

/** The messages of the admin's Add Products and Update Product pages and their product form (decision 038). */
export const productFormMessages = namespace(en, { bn: new URL('./product-form.bn.json', import.meta.url) });
