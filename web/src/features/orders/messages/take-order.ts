import { namespace } from '../../../lib/i18n/i18n';
import en from './take-order.en.json';

/** The messages of the desk's Take an Order page (issue 36): the form, its summary, dialogs and refusals (decision 038). */
export const takeOrderMessages = namespace(en, { bn: new URL('./take-order.bn.json', import.meta.url) });

export type TakeOrderId = keyof typeof en;
