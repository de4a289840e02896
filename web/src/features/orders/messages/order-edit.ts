import { namespace } from '../../../lib/i18n/i18n';
import en from './order-edit.en.json';

/** The messages of an order's change on the admin's order page (issue 36): the form, its dialogs and its refusals (decision 038). */
export const orderEditMessages = namespace(en, { bn: new URL('./order-edit.bn.json', import.meta.url) });

export type OrderEditId = keyof typeof en;
