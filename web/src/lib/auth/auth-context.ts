import { createContext } from 'react';
import type { Permission, Role } from '../../../../src/shared/permissions';
import type { AuthProviderName, AuthUser } from './types';

/** What a page, a panel or a button needs: a permission, or several of which any one will do (as a route's contract says). */
export type PermissionNeed = Permission | readonly Permission[];

export type AuthContextValue = {
  user: AuthUser | null;
  /** True while the earlier session is restored and during every auth action, until the state settles. */
  loading: boolean;
  /**
   * The user's role as the server last said it (sign-in, then GET /api/auth/me, which the dashboard
   * asks again when its answer is older than half a minute); null when nobody is signed in.
   */
  role: Role | null;
  /**
   * Whether the role holds the permission (or one of several), by the table the server's guards read
   * (src/shared/permissions.ts, issue 36): the app shows only what this allows, so that it never makes
   * a call whose 403 would log the person out.
   */
  can(need: PermissionNeed): boolean;
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
