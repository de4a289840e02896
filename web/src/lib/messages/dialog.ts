import { namespace } from '../i18n/i18n';
import en from './dialog.en.json';

/**
 * The texts of the dialogs every page shares (decision 038): sweetalert2's buttons, the error
 * dialog's title, the failures the app words itself, and a message for each error code of the API
 * (src/shared/errors.ts). In English the server's own message is shown (the spec's texts); in
 * another language the code's message here, since the server words its messages in English.
 */
export const dialogMessages = namespace(en, { bn: new URL('./dialog.bn.json', import.meta.url) });

export type DialogId = keyof typeof en;
