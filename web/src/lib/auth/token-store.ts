/** The session token issued by the shop's server; every protected call sends it as a Bearer token. */
const TOKEN_KEY = 'access-token';

// localStorage can throw (private mode, disabled storage); a missing store means "signed out", not a crash.
export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
  } catch (error) {
    console.error('Could not store the session token', error);
  }
}

export function removeToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
