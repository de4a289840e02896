import { namespace } from '../../../lib/i18n/i18n';
import en from './home.en.json';

/** The messages of the home page (decision 038: English here, Bengali fetched when shown). */
export const homeMessages = namespace(en, { bn: new URL('./home.bn.json', import.meta.url) });
