import { namespace } from '../../../lib/i18n/i18n';
import en from './product-admin.en.json';

/** The messages of the admin's Manage Products page: filter, columns, stock marks and the Delete dialog (decision 038). */
export const productAdminMessages = namespace(en, { bn: new URL('./product-admin.bn.json', import.meta.url) });
