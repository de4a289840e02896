import type { Auth } from 'firebase-admin/auth';
import type { IdentityVerifier } from '../ports.js';

/**
 * Verifies Firebase ID tokens with firebase-admin, revocation included. firebase-admin talks to
 * the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set (development and tests only: env.ts
 * refuses it in production, since the emulator's tokens are unsigned).
 */
export function createFirebaseIdentityVerifier(projectId: string): IdentityVerifier {
  const name = `shop-${projectId}`;
  // firebase-admin is loaded on the first sign-in, not at start: a shop that never signs anyone in
  // through Firebase never pays its load time and memory.
  let auth: Promise<Auth> | undefined;
  const loadAuth = async () => {
    const [{ getApps, initializeApp }, { getAuth }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')]);
    return getAuth(getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name));
  };
  return {
    async verify(idToken) {
      try {
        auth ??= loadAuth();
        const decoded = await (await auth).verifyIdToken(idToken, true);
        if (!decoded.email) return null;
        const name = typeof decoded['name'] === 'string' ? decoded['name'] : null;
        return { email: decoded.email, emailVerified: decoded.email_verified === true, name };
      } catch (e) {
        // A bad, expired, revoked or disabled identity is the caller's problem (401); anything
        // else (Firebase unreachable, misconfiguration) is ours and must surface as a fault.
        const code = (e as { code?: unknown }).code;
        if (typeof code === 'string' && code.startsWith('auth/')) return null;
        throw e;
      }
    },
  };
}
