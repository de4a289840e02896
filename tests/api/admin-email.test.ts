import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('ADMIN_EMAIL without ADMIN_PASSWORD (issue 12)', () => {
  it('never promotes an account someone else registered with that email', async () => {
    // A stranger signs up first with the address the owner is about to configure.
    const { token } = await signUpCustomer(t, 'Mallory', 'boss@shop.test');
    expect(await t.identity.ensureAdmin({ email: 'Boss@Shop.test' })).toEqual({ created: false, refused: 'existing-account-without-password' });
    expect(await json(await call(t, 'GET', '/api/users/admin/boss@shop.test', { token }))).toEqual({ admin: false });
    expect((await call(t, 'GET', '/api/users', { token })).status).toBe(403);
  });

  it('still makes sure of an existing admin, and ADMIN_PASSWORD still takes an account over', async () => {
    await signUpCustomer(t, 'Mallory', 'boss@shop.test');
    expect(await t.identity.ensureAdmin({ email: 'boss@shop.test', password: 'Owner#Pass1' })).toEqual({ created: false });
    const res = await call(t, 'POST', '/api/auth/login', { body: { email: 'boss@shop.test', password: 'Owner#Pass1' } });
    expect((await json(res)).user.role).toBe('admin');
    // Now an admin: a later start without the password leaves it as it is.
    expect(await t.identity.ensureAdmin({ email: 'boss@shop.test' })).toEqual({ created: false });
  });
});
