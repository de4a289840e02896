import { describeFailure, isSessionFailure } from './error-message';
import { translator } from './i18n/i18n';
import { dialogMessages } from './messages/dialog';

/**
 * sweetalert2, loaded on first use so it stays out of the first-load bundle (it injects its own styles).
 * The mixin gives every dialog the shop's colours, which keep white button text above 4.5:1.
 */
export async function loadSwal() {
  const [{ default: Swal }, t] = await Promise.all([import('sweetalert2'), translator(dialogMessages)]);
  return Swal.mixin({
    confirmButtonColor: '#3730a3',
    cancelButtonColor: '#4b4a63',
    // sweetalert2's own "OK" and "Cancel", in the language shown (a dialog may name its own).
    confirmButtonText: t('dialog.ok'),
    cancelButtonText: t('dialog.cancel'),
  });
}

/**
 * The error dialog for a failed call, with the server's message. A refused session shows nothing:
 * the AuthProvider already logs out and shows /login.
 */
export async function showFailure(error: unknown, title?: string): Promise<void> {
  const failure = await describeFailure(error);
  if (isSessionFailure(failure)) return;
  const [Swal, t] = await Promise.all([loadSwal(), translator(dialogMessages)]);
  await Swal.fire({ icon: 'error', titleText: title ?? t('dialog.error'), text: failure.message });
}

type Confirmation = {
  title: string;
  text?: string;
  confirmButtonText: string;
  cancelButtonText?: string;
  icon?: 'warning' | 'question';
};

/**
 * The dashboards' one pattern for a consequential action: ask, and only on "yes" run it, then
 * say it is done, or show the server's message when it failed.
 */
export async function confirmThenRun(options: { confirm: Confirmation; run: () => Promise<unknown>; success: { title: string; text?: string } }): Promise<void> {
  const Swal = await loadSwal();
  // Titles go in as titleText: sweetalert2 renders `title` as HTML, and these name users and products.
  const { icon = 'warning', title, ...confirm } = options.confirm;
  const { isConfirmed } = await Swal.fire({ icon, showCancelButton: true, titleText: title, ...confirm });
  if (!isConfirmed) return;
  try {
    await options.run();
  } catch (error) {
    await showFailure(error);
    return;
  }
  void Swal.fire({ icon: 'success', titleText: options.success.title, ...(options.success.text === undefined ? {} : { text: options.success.text }) });
}
