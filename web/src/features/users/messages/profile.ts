import { namespace } from '../../../lib/i18n/i18n';
import en from './profile.en.json';

/** The messages of the profile page (decision 038: English here, Bengali fetched when shown). */
export const profileMessages = namespace(en, { bn: new URL('./profile.bn.json', import.meta.url) });
