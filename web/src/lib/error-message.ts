import { formatMoney } from '../../../src/shared/locale-format';
import { currentLanguage, translator } from './i18n/i18n';
import { isHTTPError, isTimeoutError } from './http-errors';
import { dialogMessages, type DialogId } from './messages/dialog';

/** What the UI needs to know about a failed call, from the server or the identity provider. */
export type FailureInfo = {
  /** HTTP status when the shop's server answered. */
  status?: number;
  /** Server error code (`auth/email-taken`) or Firebase code (`auth/wrong-password`). */
  code?: string;
  /** A sentence fit for a dialog. */
  message: string;
};

type ErrorBody = { error?: { code?: unknown; message?: unknown; minOrder?: unknown } };

function isFirebaseError(error: unknown): error is { code: string; message: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string' &&
    (error as { name?: unknown }).name === 'FirebaseError'
  );
}

export async function describeFailure(error: unknown): Promise<FailureInfo> {
  const t = await translator(dialogMessages);
  // A message of the catalogue, or `fallback` when it has none for this code.
  const known = (id: string, fallback: string, params?: Record<string, string>) => {
    const text = t(id as DialogId, params);
    return text === id ? fallback : text;
  };
  if (isHTTPError(error)) {
    const status = error.response.status;
    try {
      const body = (await error.response.clone().json()) as ErrorBody;
      const code = typeof body.error?.code === 'string' ? body.error.code : undefined;
      const message = typeof body.error?.message === 'string' ? body.error.message : undefined;
      // The server words its messages in English (the spec's texts): another language shows its code's.
      // An error's figures ride along for the page's words: a coupon's minimum order in taka (issue 33).
      const params = typeof body.error?.minOrder === 'number' ? { minOrder: formatMoney(body.error.minOrder, currentLanguage()) } : undefined;
      if (message) return { status, code, message: currentLanguage() === 'en' || !code ? message : known(`dialog.code.${code}`, message, params) };
    } catch {
      // Not a JSON error body (a proxy page, say): fall through to a generic message.
    }
    return { status, message: t('dialog.http', { status }) };
  }
  if (isTimeoutError(error)) return { message: t('dialog.timeout') };
  if (isFirebaseError(error)) {
    // Firebase's own messages read "Firebase: Error (auth/...)."; these say the same for a shopper.
    return { code: error.code, message: known(`dialog.firebase.${error.code}`, error.message.replace(/^Firebase:\s*/, '')) };
  }
  // fetch() rejects with a TypeError ("Failed to fetch", "Load failed", "NetworkError ...") when the network is down.
  if (error instanceof TypeError && /fetch|load failed|network/i.test(error.message)) {
    return { message: t('dialog.offline') };
  }
  if (error instanceof TypeError) {
    // A bug, not a failure to report as such: keep the details in the console.
    console.error(error);
    return { message: t('dialog.wrong') };
  }
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: t('dialog.wrong') };
}

/** A refused session: the AuthProvider already logs out and shows /login, so no dialog is needed. */
export function isSessionFailure(failure: FailureInfo): boolean {
  return failure.status === 401 || failure.status === 403;
}
