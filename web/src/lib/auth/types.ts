// Mirrors the identity contract (docs/api/identity.md); declared here, as the web imports no server code.
export type UserRole = 'admin' | 'customer';

export type AuthUser = {
  _id: string;
  name: string;
  email: string;
  role: UserRole;
};

/** What sign-up, log-in and the Firebase token exchange answer. */
export type AuthSession = {
  /** Session token issued by the shop's server; stored under `access-token`. */
  token: string;
  user: AuthUser;
};

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
