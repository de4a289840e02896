import { namespace } from '../../lib/i18n/i18n';
import en from './pager.en.json';

/** The messages of the pager under a paged list (decision 038: English here, Bengali fetched when shown). */
export const pagerMessages = namespace(en, { bn: new URL('./pager.bn.json', import.meta.url) });
