import { api, bearer } from '../api-client';

/**
 * The token-sync endpoint (POST / DELETE /api/session) mirrors the session into a short-lived HttpOnly
 * cookie. It is a convenience: fire-and-forget, and a failure changes nothing in the SPA. It uses the
 * public client with an explicit header so that its 401 never counts as "session expired".
 */
export function syncSessionCookie(token: string): void {
  api.post('session', { headers: bearer(token) }).catch(() => undefined);
}

export function clearSessionCookie(token: string): void {
  api.delete('session', { headers: bearer(token) }).catch(() => undefined);
}
