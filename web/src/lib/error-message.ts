import { HTTPError, TimeoutError } from 'ky';

/** What the UI needs to know about a failed call, from the server or the identity provider. */
export type FailureInfo = {
  /** HTTP status when the shop's server answered. */
  status?: number;
  /** Server error code (`auth/email-taken`) or Firebase code (`auth/wrong-password`). */
  code?: string;
  /** A sentence fit for a dialog. */
  message: string;
};

type ErrorBody = { error?: { code?: unknown; message?: unknown } };

// Firebase's own messages read "Firebase: Error (auth/...)."; these say the same for a shopper.
const FIREBASE_MESSAGES: Record<string, string> = {
  'auth/email-already-in-use': 'An account with this email already exists.',
  'auth/invalid-email': 'Invalid email address',
  'auth/user-not-found': 'No account uses this email address.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/weak-password': 'The password is too weak.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/network-request-failed': 'Could not reach the sign-in service. Check your connection and try again.',
  'auth/popup-blocked': 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before signing in.',
};

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
  if (error instanceof HTTPError) {
    const status = error.response.status;
    try {
      const body = (await error.response.clone().json()) as ErrorBody;
      const code = typeof body.error?.code === 'string' ? body.error.code : undefined;
      const message = typeof body.error?.message === 'string' ? body.error.message : undefined;
      if (message) return { status, code, message };
    } catch {
      // Not a JSON error body (a proxy page, say): fall through to a generic message.
    }
    return { status, message: `The server could not complete the request (HTTP ${status}). Please try again.` };
  }
  if (error instanceof TimeoutError) return { message: 'The server took too long to answer. Please try again.' };
  if (isFirebaseError(error)) {
    return { code: error.code, message: FIREBASE_MESSAGES[error.code] ?? error.message.replace(/^Firebase:\s*/, '') };
  }
  // fetch() rejects with a TypeError ("Failed to fetch", "Load failed", "NetworkError ...") when the network is down.
  if (error instanceof TypeError && /fetch|load failed|network/i.test(error.message)) {
    return { message: 'Could not reach the server. Check your connection and try again.' };
  }
  if (error instanceof TypeError) {
    // A bug, not a failure to report as such: keep the details in the console.
    console.error(error);
    return { message: 'Something went wrong. Please try again.' };
  }
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: 'Something went wrong. Please try again.' };
}

/** A refused session: the AuthProvider already logs out and shows /login, so no dialog is needed. */
export function isSessionFailure(failure: FailureInfo): boolean {
  return failure.status === 401 || failure.status === 403;
}
