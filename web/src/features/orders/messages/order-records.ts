import { namespace } from '../../../lib/i18n/i18n';
import en from './order-records.en.json';

/** The messages of the admin's order records: the order page's timeline of events and its SMS/email messages (decision 038). */
export const orderRecordsMessages = namespace(en, { bn: new URL('./order-records.bn.json', import.meta.url) });

export type OrderRecordsId = keyof typeof en;
