import { namespace } from '../../../lib/i18n/i18n';
import en from './insights.en.json';

/** The messages of the admin's Overview (decision 038: English here, Bengali fetched when shown). */
export const insightsMessages = namespace(en, { bn: new URL('./insights.bn.json', import.meta.url) });

export type InsightsId = keyof typeof en;
