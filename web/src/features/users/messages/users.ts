import { namespace } from '../../../lib/i18n/i18n';
import en from './users.en.json';

/** The messages of the All Users page and its dialogs (decision 038: English here, Bengali fetched when shown). */
export const usersMessages = namespace(en, { bn: new URL('./users.bn.json', import.meta.url) });
