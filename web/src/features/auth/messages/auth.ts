import { namespace } from '../../../lib/i18n/i18n';
import en from './auth.en.json';

/** The messages of log in, sign up and reset password (decision 038: English here, Bengali fetched when shown). */
export const authMessages = namespace(en, { bn: new URL('./auth.bn.json', import.meta.url) });
