import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAuthEmulator, type AuthEmulator } from '../support/auth-emulator.mjs';
import { call, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The Firebase path against the real Firebase Auth emulator (firebase-tools): accounts are made
// through the emulator's REST API, exactly as the Firebase JS SDK does in the browser.
const projectId = 'demo-shop-api';
const port = 9399;
let emulator: AuthEmulator;
let t: TestApp;

beforeAll(async () => {
  emulator = await startAuthEmulator({ projectId, port });
  // firebase-admin reads this variable itself; the server refuses it in production (env.ts).
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}, 90_000);
afterAll(async () => {
  await emulator?.stop();
});

const firebase = { projectId, apiKey: 'demo-api-key', emulatorHost: `127.0.0.1:${port}` };
beforeEach(async () => {
  await emulator.clear();
  t = await createTestApp({ provider: 'firebase', firebase, adminEmail: 'boss@shop.test' });
});
afterEach(() => t.close());

const identityToolkit = (method: string, body: object) => emulator.accounts(method, body);

async function firebaseAccount(email: string, password = 'Sakura#2026', displayName?: string) {
  const { idToken, localId } = await identityToolkit('signUp', { email, password, returnSecureToken: true });
  if (!displayName) return { idToken, uid: localId };
  // As the SDK's updateProfile + getIdToken(true): the name is in the next ID token.
  await identityToolkit('update', { idToken, displayName });
  const again = await identityToolkit('signInWithPassword', { email, password, returnSecureToken: true });
  return { idToken: again.idToken, uid: localId };
}

const adminAuth = () => {
  const app = getApps().find((a) => a.name === 'test-admin') ?? initializeApp({ projectId }, 'test-admin');
  return getAuth(app);
};

const exchange = (idToken?: string, body?: unknown) =>
  call(t, 'POST', '/api/jwt', { ...(idToken ? { token: idToken } : {}), ...(body ? { body } : {}) });

describe('POST /api/jwt', () => {
  it('turns a Firebase ID token into a session token and creates the missing profile (issue 19: no POST /api/users needed)', async () => {
    const { idToken } = await firebaseAccount('rina@example.com', 'Sakura#2026', 'Rina');
    const res = await exchange(idToken, { email: 'boss@shop.test', role: 'admin' });
    expect(res.status).toBe(200);
    const { token, user } = await json(res);
    expect(user).toMatchObject({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Rina', email: 'rina@example.com', role: 'customer' });
    const me = await json(await call(t, 'GET', '/api/auth/me', { token }));
    expect(me.user).toEqual(user);

    // The web app's (and the original client's) profile call after sign-up changes nothing now.
    const again = await call(t, 'POST', '/api/users', { token, body: { name: 'Rina', email: 'rina@example.com', role: 'admin' } });
    expect(await json(again)).toEqual({ insertedId: null });
    const second = await json(await exchange(idToken));
    expect(second.user).toEqual(user);
    expect(await t.value('select count(*) from users')).toBe(1);
  });

  it('names a profile without a display name after its email, and the original client\'s token-less POST /api/users stays refused', async () => {
    const { idToken } = await firebaseAccount('nameless@example.com');
    expect((await json(await exchange(idToken))).user).toMatchObject({ name: 'nameless', role: 'customer' });
    const tokenless = await call(t, 'POST', '/api/users', { body: { name: 'Someone', email: 'someone@example.com' } });
    expect(tokenless.status).toBe(401);
    expect(await t.value('select count(*) from users')).toBe(1);
  });

  it('makes one profile when the same account signs in twice at once', async () => {
    const { idToken } = await firebaseAccount('twice@example.com', 'Sakura#2026', 'Twice');
    const answers = await Promise.all([exchange(idToken), exchange(idToken), exchange(idToken)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const users = await Promise.all(answers.map(async (r) => (await json(r)).user));
    expect(new Set(users.map((u) => u._id)).size).toBe(1);
    expect(await t.value("select count(*) from users where email = 'twice@example.com'")).toBe(1);
  });

  it('records the language a sign-in names on the profile (issue 18), and keeps it when one names none', async () => {
    const { idToken } = await firebaseAccount('sumi@example.com', 'Sakura#2026', 'Sumi');
    const signIn = (language?: string) => call(t, 'POST', '/api/jwt', { token: idToken, ...(language ? { headers: { 'accept-language': language } } : {}) });
    expect((await signIn('bn-BD,bn;q=0.9')).status).toBe(200);
    expect(await t.value("select lang from users where email = 'sumi@example.com'")).toBe('bn');
    expect((await signIn()).status).toBe(200);
    expect(await t.value("select lang from users where email = 'sumi@example.com'")).toBe('bn');
    expect((await signIn('en')).status).toBe(200);
    expect(await t.value("select lang from users where email = 'sumi@example.com'")).toBe('en');
  });

  it('refuses an email without a token, whatever the body says', async () => {
    await firebaseAccount('boss@shop.test');
    for (const res of [await exchange(undefined, { email: 'boss@shop.test' }), await exchange('not-a-firebase-token', { email: 'boss@shop.test' })]) {
      expect(res.status).toBe(401);
      expect((await json(res)).error.code).toBe('auth/invalid-token');
    }
  });

  it('refuses a revoked Firebase session', async () => {
    const { idToken, uid } = await firebaseAccount('rina@example.com');
    expect((await exchange(idToken)).status).toBe(200);
    // Revocation is compared in whole seconds: revoke in a later second than the token's.
    await new Promise((r) => setTimeout(r, 1100));
    await adminAuth().revokeRefreshTokens(uid);
    expect((await exchange(idToken)).status).toBe(401);
  });

  it('lets a caller create only their own profile', async () => {
    const { idToken } = await firebaseAccount('rina@example.com');
    const { token } = await json(await exchange(idToken));
    const res = await call(t, 'POST', '/api/users', { token, body: { name: 'Boss', email: 'boss@shop.test' } });
    expect(res.status).toBe(403);
    expect(await t.value("select count(*) from users where email = 'boss@shop.test'")).toBe(0);
  });

  it('makes ADMIN_EMAIL an admin only once its email is verified', async () => {
    const { idToken, uid } = await firebaseAccount('boss@shop.test', 'Admin#Pass1', 'Boss');
    // Unverified: a customer's profile, not an admin's.
    expect((await json(await exchange(idToken))).user).toMatchObject({ email: 'boss@shop.test', role: 'customer' });

    await adminAuth().updateUser(uid, { emailVerified: true });
    const verified = await identityToolkit('signInWithPassword', { email: 'boss@shop.test', password: 'Admin#Pass1', returnSecureToken: true });
    const { token, user } = await json(await exchange(verified.idToken));
    expect(user).toMatchObject({ email: 'boss@shop.test', role: 'admin', name: 'Boss' });
    expect((await call(t, 'GET', '/api/users', { token })).status).toBe(200);
  });

  it('has no local endpoints in firebase mode, and tells the web app how to sign in', async () => {
    expect((await call(t, 'POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'x' } })).status).toBe(404);
    expect((await call(t, 'POST', '/api/auth/signup', { body: { name: 'a', email: 'a@b.co', password: 'Sakura#2026' } })).status).toBe(404);
    const config = await json(await call(t, 'GET', '/api/config'));
    expect(config.auth).toEqual({
      provider: 'firebase',
      googleSignIn: true,
      firebase: { apiKey: 'demo-api-key', authDomain: `${projectId}.firebaseapp.com`, projectId },
      emulatorUrl: `http://127.0.0.1:${port}`,
    });
    // The page's CSP (every answer outside /api carries it) lets the SDK reach the emulator.
    const csp = (await call(t, 'GET', '/no-such-page')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`connect-src 'self' http://127\\.0\\.0\\.1:${port}`));
    expect(csp).toContain(`frame-src https://${projectId}.firebaseapp.com`);
  });
});
