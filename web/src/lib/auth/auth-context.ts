import { createContext } from 'react';
import type { AuthProviderName, AuthUser } from './types';

export type AuthContextValue = {
  user: AuthUser | null;
  /** True while the earlier session is restored and during every auth action, until the state settles. */
  loading: boolean;
  /** From the user's role as the server last reported it; admin pages also ask the server (GET users/admin/:email). */
  isAdmin: boolean;
  /** Null until /api/config has answered. */
  provider: AuthProviderName | null;
  googleSignIn: boolean;
  signUp(name: string, email: string, password: string): Promise<AuthUser>;
  logIn(email: string, password: string): Promise<AuthUser>;
  logInWithGoogle(): Promise<AuthUser>;
  resetPassword(email: string): Promise<void>;
  /** Answers the server's confirmation message. */
  confirmPasswordReset(token: string, password: string): Promise<string>;
  logOut(): Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);
