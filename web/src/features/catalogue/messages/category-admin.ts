import { namespace } from '../../../lib/i18n/i18n';
import en from './category-admin.en.json';

/** The messages of the admin's Add Category page and its dialogs (decision 038). */
export const categoryAdminMessages = namespace(en, { bn: new URL('./category-admin.bn.json', import.meta.url) });
