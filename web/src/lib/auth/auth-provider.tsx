import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { removePrivateQueries } from '../query-client';
import { roleCanAny } from '../../../../src/shared/permissions';
import { authConfigOf, siteConfigQueryOptions } from '../site-config';
import { AuthContext, type AuthContextValue, type PermissionNeed } from './auth-context';
import { loadAuthClient } from './load-auth-client';
import { meQueryKey, meQueryOptions, type Me } from './me-query';
import { onSessionExpired } from './session-events';
import { clearSessionCookie, syncSessionCookie } from './session-sync';
import { getToken, removeToken, setToken } from './token-store';
import type { AuthClient, AuthSession, AuthUser } from './types';
import { PAGES } from '../../app/routes';

/** State passed to /login when a protected call was refused; the login page says so. */
export type LoginRedirectState = { from?: { pathname: string; search?: string }; sessionExpired?: boolean };

/**
 * Holds who is signed in. Must sit inside the router (it sends an expired session to /login)
 * and inside the QueryClientProvider (it reads /api/config and clears private data on log-out).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: config } = useQuery(siteConfigQueryOptions());
  // The user's latest word from the server, read from the cache only: the dashboard asks for it
  // (useFreshRole), the shop's pages never do.
  const { data: me } = useQuery({ ...meQueryOptions(), enabled: false });

  const [user, setUser] = useState<AuthUser | null>(null);
  const [restoring, setRestoring] = useState(true);
  const [pendingActions, setPendingActions] = useState(0);

  // Read by callbacks that must see the latest value without being re-created.
  const userRef = useRef<AuthUser | null>(null);
  const locationRef = useRef(location);
  const clientRef = useRef<Promise<AuthClient> | null>(null);
  const expiringRef = useRef(false);

  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  const getClient = useCallback((): Promise<AuthClient> => {
    if (!clientRef.current) {
      const pending = queryClient.fetchQuery(siteConfigQueryOptions()).then(loadAuthClient);
      clientRef.current = pending;
      // A failed load (config unreachable) is tried again by the next action.
      pending.catch(() => {
        if (clientRef.current === pending) clientRef.current = null;
      });
    }
    return clientRef.current;
  }, [queryClient]);

  const startSession = useCallback(
    (session: AuthSession) => {
      // Someone else signing in over a session: nothing cached for the previous user may show.
      if (userRef.current && userRef.current._id !== session.user._id) removePrivateQueries(queryClient);
      // Token first: the moment `user` is published, protected queries start, and each needs the token.
      setToken(session.token);
      userRef.current = session.user;
      // The session's answer is the server's word on the role right now: no need to ask again soon.
      queryClient.setQueryData<Me>(meQueryKey, { user: session.user });
      setUser(session.user);
      syncSessionCookie(session.token);
    },
    [queryClient],
  );

  const endSession = useCallback(() => {
    const token = getToken();
    if (token) clearSessionCookie(token);
    removeToken();
    userRef.current = null;
    setUser(null);
    removePrivateQueries(queryClient);
  }, [queryClient]);

  // Restore the session of an earlier visit.
  useEffect(() => {
    let active = true;
    getClient()
      .then((client) => client.restore())
      .then(
        (session) => {
          // An action that finished first (a quick log-in) wins over the restored state.
          if (!active || userRef.current) return;
          if (session) startSession(session);
          else removeToken();
        },
        (error: unknown) => console.error('Could not restore the session', error),
      )
      .finally(() => {
        if (active) setRestoring(false);
      });
    return () => {
      active = false;
    };
  }, [getClient, startSession]);

  const track = useCallback(
    async <T,>(work: (client: AuthClient) => Promise<T>): Promise<T> => {
      setPendingActions((count) => count + 1);
      try {
        return await work(await getClient());
      } finally {
        setPendingActions((count) => count - 1);
      }
    },
    [getClient],
  );

  const signIn = useCallback(
    (work: (client: AuthClient) => Promise<AuthSession>) =>
      track(async (client) => {
        const session = await work(client);
        startSession(session);
        return session.user;
      }),
    [track, startSession],
  );

  const logOut = useCallback(async () => {
    setPendingActions((count) => count + 1);
    try {
      const client = await getClient();
      await client.logOut();
    } catch (error) {
      // The provider's sign-out failing must not keep this browser signed in.
      console.error('Sign-out at the identity provider failed', error);
    } finally {
      endSession();
      setPendingActions((count) => count - 1);
    }
  }, [getClient, endSession]);

  // A protected call answered 401 or 403: the session is over. Public calls never raise this.
  useEffect(
    () =>
      onSessionExpired(() => {
        if (!userRef.current || expiringRef.current) return;
        expiringRef.current = true;
        const { pathname, search } = locationRef.current;
        const state: LoginRedirectState = { from: { pathname, search }, sessionExpired: true };
        // Leave the page first (synchronously, not in a transition), so that no protected page
        // re-requests without a token and no guard redirects on its own.
        Promise.resolve(navigate(PAGES.login.link(), { replace: true, state, flushSync: true }))
          .then(logOut)
          .finally(() => {
            expiringRef.current = false;
          });
      }),
    [navigate, logOut],
  );

  const authConfig = config ? authConfigOf(config) : null;
  const provider = authConfig?.provider ?? null;
  const googleSignIn = authConfig?.provider === 'firebase' && authConfig.googleSignIn;
  const loading = restoring || pendingActions > 0;
  // A later answer of GET /api/auth/me (the same user's) wins over the one given at sign-in.
  const role = user ? (me?.user._id === user._id ? me.user.role : user.role) : null;
  const can = useCallback((need: PermissionNeed) => role !== null && roleCanAny(role, need), [role]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      role,
      can,
      provider,
      googleSignIn,
      signUp: (name, email, password) => signIn((client) => client.signUp(name, email, password)),
      logIn: (email, password) => signIn((client) => client.logIn(email, password)),
      logInWithGoogle: () => signIn((client) => client.logInWithGoogle()),
      resetPassword: (email) => track((client) => client.resetPassword(email)),
      confirmPasswordReset: (token, password) => track((client) => client.confirmPasswordReset(token, password)),
      logOut,
    }),
    [user, loading, role, can, provider, googleSignIn, signIn, track, logOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
