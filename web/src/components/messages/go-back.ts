import { namespace } from '../../lib/i18n/i18n';
import en from './go-back.en.json';

/** The message of the Go Back button (decision 038: English here, Bengali fetched when shown). */
export const goBackMessages = namespace(en, { bn: new URL('./go-back.bn.json', import.meta.url) });
