import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp | undefined;
afterEach(() => t?.close());

// Password-reset requests are limited per address at 5 x AUTH_RATE_LIMIT (here 5).
const reset = (app: TestApp, email: string, forwardedFor: string) =>
  call(app, 'POST', '/api/auth/password-reset', { body: { email }, headers: { 'x-forwarded-for': forwardedFor } });

describe('TRUST_PROXY: the client address is read from the right of X-Forwarded-For', () => {
  it('a forged left-most entry does not give an attacker a fresh address (one proxy)', async () => {
    t = await createTestApp({ rateLimitPerEmail: 1 });
    for (let i = 0; i < 5; i++) expect((await reset(t, `u${i}@example.com`, `203.0.113.${i}, 10.0.0.7`)).status).toBe(200);
    expect((await reset(t, 'u9@example.com', '198.51.100.1, 10.0.0.7')).status).toBe(429);
    // The address our proxy wrote is what counts: another one is not affected.
    expect((await reset(t, 'u10@example.com', '198.51.100.1, 10.0.0.8')).status).toBe(200);
  });

  it('with two proxies it is the second entry from the right', async () => {
    t = await createTestApp({ rateLimitPerEmail: 1, trustProxy: 2 });
    for (let i = 0; i < 5; i++) expect((await reset(t, `u${i}@example.com`, `203.0.113.${i}, 10.0.0.7, 172.16.0.${i}`)).status).toBe(200);
    expect((await reset(t, 'u9@example.com', '10.0.0.7, 172.16.0.99')).status).toBe(429);
  });
});
