// The wire types of the identity contract (src/modules/identity/adapters/http.ts), through lib/api/contracts.ts.
import type { Answer } from '../api/contracts';

export type AuthUser = Answer<'get /auth/me'>['user'];
/** What sign-up, log-in and the Firebase token exchange answer; the token is stored under `access-token`. */
export type AuthSession = Answer<'post /auth/login'>;

export type AuthProviderName = 'local' | 'firebase';

/**
 * One identity provider. The methods that sign in return the server session but do not store it:
 * the AuthProvider stores the token before it publishes the user, so no request goes out without it.
 */
export interface AuthClient {
  readonly provider: AuthProviderName;
  signUp(name: string, email: string, password: string): Promise<AuthSession>;
  logIn(email: string, password: string): Promise<AuthSession>;
  logInWithGoogle(): Promise<AuthSession>;
  /** Sends the reset mail (answers the same whether or not the account exists). */
  resetPassword(email: string): Promise<void>;
  /** Local provider only: sets the new password from the mailed link; answers the server's message. */
  confirmPasswordReset(token: string, password: string): Promise<string>;
  /** The session left by an earlier visit, or null. */
  restore(): Promise<AuthSession | null>;
  logOut(): Promise<void>;
}
