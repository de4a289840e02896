// Loaded only through a dynamic import() (see load-auth-client.ts), so the Firebase SDK gets its own chunk
// and a shop on the local provider never downloads it.
import { getApps, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import { HTTPError } from 'ky';
import { api, bearer, call } from '../api-client';
import type { FirebaseWebConfig } from '../site-config';
import type { Answer } from '../api/contracts';
import type { AuthClient, AuthSession } from './types';

export type FirebaseAuthSettings = {
  firebase: FirebaseWebConfig;
  emulatorUrl?: string;
};

let emulatorConnected = false;

function firebaseAuth({ firebase, emulatorUrl }: FirebaseAuthSettings): Auth {
  const app = getApps()[0] ?? initializeApp(firebase);
  const auth = getAuth(app);
  // connectAuthEmulator may run once per Auth instance, before its first use.
  if (emulatorUrl && !emulatorConnected) {
    connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
    emulatorConnected = true;
  }
  return auth;
}

/** What POST /api/jwt answers: `user` is null until the shop's profile exists (POST /api/users makes it). */
type Exchanged = Answer<'post /jwt'>;

/** Trades a fresh Firebase ID token for the shop's own session token. */
async function exchange(user: User): Promise<Exchanged> {
  const idToken = await user.getIdToken(true);
  return call(api, 'post /jwt', { headers: bearer(idToken) });
}

/**
 * Posts the profile (a no-op on the server when it already exists) and answers the session with
 * the server's user. `always`: post even if the exchange already found a profile (sign-up, Google).
 */
async function withProfile(exchanged: Exchanged, firebaseUser: User, name: string, always: boolean): Promise<AuthSession> {
  const { token } = exchanged;
  if (exchanged.user && !always) return { token, user: exchanged.user };
  const email = firebaseUser.email;
  if (!email) throw new Error('This account has no email address, which the shop needs.');
  await call(api, 'post /users', { body: { name, email }, headers: bearer(token) });
  if (exchanged.user) return { token, user: exchanged.user };
  const { user } = await call(api, 'get /auth/me', { headers: bearer(token) });
  return { token, user };
}

/** Accounts kept by Firebase Authentication (`auth.provider: "firebase"`); the server verifies its ID tokens. */
export function createFirebaseAuthClient(settings: FirebaseAuthSettings): AuthClient {
  const auth = firebaseAuth(settings);

  // A Firebase sign-in the server refused must not stay half-signed-in on the Firebase side.
  async function signedIn<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (auth.currentUser) await signOut(auth).catch(() => undefined);
      throw error;
    }
  }

  return {
    provider: 'firebase',

    async signUp(name, email, password) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      return signedIn(async () => {
        // Before the exchange, so that the forced token refresh carries the name.
        await updateProfile(user, { displayName: name });
        return withProfile(await exchange(user), user, name, true);
      });
    },

    async logIn(email, password) {
      const { user } = await signInWithEmailAndPassword(auth, email, password);
      // A sign-up cut short before its profile was saved is completed here.
      return signedIn(async () => withProfile(await exchange(user), user, user.displayName ?? email, false));
    },

    async logInWithGoogle() {
      const { user } = await signInWithPopup(auth, new GoogleAuthProvider());
      return signedIn(async () => withProfile(await exchange(user), user, user.displayName ?? user.email ?? '', true));
    },

    async resetPassword(email) {
      await sendPasswordResetEmail(auth, email);
    },

    confirmPasswordReset() {
      // Firebase's own mail links to its own reset page; /reset-password serves the local provider.
      return Promise.reject(new Error('Use the link in the password reset email to choose a new password.'));
    },

    async restore() {
      const user = await new Promise<User | null>((resolve, reject) => {
        const unsubscribe = onAuthStateChanged(
          auth,
          (current) => {
            unsubscribe();
            resolve(current);
          },
          reject,
        );
      });
      if (!user) return null;
      try {
        const exchanged = await exchange(user);
        if (exchanged.user) return { token: exchanged.token, user: exchanged.user };
        // No shop profile (an admin deleted it): not signed in here. Logging in again creates a new one.
      } catch (error) {
        // The server refuses this account (disabled, revoked): sign out of Firebase too.
        if (!(error instanceof HTTPError && error.response.status === 401)) throw error;
      }
      await signOut(auth).catch(() => undefined);
      return null;
    },

    async logOut() {
      await signOut(auth);
    },
  };
}
