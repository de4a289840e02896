import { namespace } from '../../lib/i18n/i18n';
import en from './fields.en.json';

/** The messages of the shared form and table parts (password field, thumbnails). */
export const fieldsMessages = namespace(en, { bn: new URL('./fields.bn.json', import.meta.url) });
