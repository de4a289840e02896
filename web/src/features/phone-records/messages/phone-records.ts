import { namespace } from '../../../lib/i18n/i18n';
import en from './phone-records.en.json';

/** The messages of a phone's delivery record on the admin's order page (issue 35) (decision 038: English here, Bengali fetched when shown). */
export const phoneRecordsMessages = namespace(en, { bn: new URL('./phone-records.bn.json', import.meta.url) });

export type PhoneRecordsId = keyof typeof en;
