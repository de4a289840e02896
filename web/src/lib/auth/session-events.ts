/**
 * "The session is no longer accepted": raised by the authorised API client on a 401 or 403 and handled
 * by the AuthProvider (log out, go to /login). A plain EventTarget keeps lib/api-client free of React.
 */
const events = new EventTarget();
const SESSION_EXPIRED = 'session-expired';

export function emitSessionExpired(): void {
  events.dispatchEvent(new Event(SESSION_EXPIRED));
}

/** Returns the unsubscribe function. */
export function onSessionExpired(listener: () => void): () => void {
  events.addEventListener(SESSION_EXPIRED, listener);
  return () => events.removeEventListener(SESSION_EXPIRED, listener);
}
