import { namespace } from '../../../lib/i18n/i18n';
import en from './dashboard.en.json';

/** The messages of the dashboard's header and menu (decision 038: English here, Bengali fetched when shown). */
export const dashboardMessages = namespace(en, { bn: new URL('./dashboard.bn.json', import.meta.url) });
