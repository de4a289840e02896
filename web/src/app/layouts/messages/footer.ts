import { namespace } from '../../../lib/i18n/i18n';
import en from './footer.en.json';

/** The messages of the shop's footer (decision 038: English here, Bengali fetched when shown). */
export const footerMessages = namespace(en, { bn: new URL('./footer.bn.json', import.meta.url) });
