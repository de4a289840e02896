import { namespace } from '../../../lib/i18n/i18n';
import en from './blocked-phones.en.json';

/** The messages of the Blocked Phones page and its dialogs (decision 038: English here, Bengali fetched when shown). */
export const blockedPhonesMessages = namespace(en, { bn: new URL('./blocked-phones.bn.json', import.meta.url) });
