import { namespace } from '../../../../lib/i18n/i18n';
import en from './payments-admin.en.json';

/** The messages of an order's advance on the admin's order page: the Advance panel and the refund (issue 35) (decision 038). */
export const paymentsAdminMessages = namespace(en, { bn: new URL('./payments-admin.bn.json', import.meta.url) });

export type PaymentsAdminId = keyof typeof en;
