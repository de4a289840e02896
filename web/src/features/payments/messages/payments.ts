import { namespace } from '../../../lib/i18n/i18n';
import en from './payments.en.json';

/** The messages of the shopper's pay page (/pay/:orderId, issue 35) (decision 038: English here, Bengali fetched when shown). */
export const paymentsMessages = namespace(en, { bn: new URL('./payments.bn.json', import.meta.url) });

export type PaymentsId = keyof typeof en;
