import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';

describe('parseEnv', () => {
  it('gives a fresh machine working defaults', () => {
    const r = parseEnv({});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', NODE_ENV: 'development', DEMO_DATA: true });
    expect(r.env.SESSION_SECRET).toBeUndefined();
  });

  it('limits placing orders by default: 5 Pending and 20 an hour (decision 015), or as set', () => {
    expect(parseEnv({})).toMatchObject({ ok: true, env: { MAX_PENDING_ORDERS: 5, ORDERS_PER_HOUR: 20 } });
    expect(parseEnv({ MAX_PENDING_ORDERS: '2', ORDERS_PER_HOUR: '' })).toMatchObject({ ok: true, env: { MAX_PENDING_ORDERS: 2, ORDERS_PER_HOUR: 20 } });
    expect(parseEnv({ MAX_PENDING_ORDERS: '0' })).toEqual({ ok: false, message: 'Invalid setting MAX_PENDING_ORDERS: must be a positive whole number (got "0")' });
  });

  it('reads given values and treats an empty variable as unset', () => {
    const r = parseEnv({ PORT: '8080', DEMO_DATA: 'false', HOST: '0.0.0.0', DATA_DIR: '/var/shop', SHOP_NAME: '' });
    expect(r.ok && r.env).toMatchObject({ PORT: 8080, DEMO_DATA: false, HOST: '0.0.0.0', DATA_DIR: '/var/shop', SHOP_NAME: 'Otaku Card Bazaar' });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['NODE_ENV', 'staging'],
    ['DEMO_DATA', 'maybe'],
    ['HOST', 'bad host!'],
    ['SHOP_EMAIL', 'not-an-email'],
    ['SOCIAL_YOUTUBE_URL', 'youtube'],
    ['LOG_LEVEL', 'loud'],
    ['BODY_LIMIT_BYTES', '12'],
    ['MAX_PENDING_ORDERS', '0'],
    ['MAX_PENDING_ORDERS', 'abc'],
    ['ORDERS_PER_HOUR', '-1'],
    ['ORDERS_PER_HOUR', '2.5'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    const r = parseEnv({ [name]: value });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message.startsWith(`Invalid setting ${name}:`)).toBe(true);
    expect(r.message).not.toContain('\n');
  });

  it('reads TRUST_PROXY as a number of proxies; true and false still mean 1 and 0', () => {
    expect(parseEnv({})).toMatchObject({ ok: true, env: { TRUST_PROXY: 0 } });
    for (const [value, proxies] of [['1', 1], ['2', 2], ['true', 1], ['false', 0], ['0', 0], ['yes', 1]] as const) {
      expect(parseEnv({ TRUST_PROXY: value })).toMatchObject({ ok: true, env: { TRUST_PROXY: proxies } });
    }
    for (const bad of ['maybe', '-1', '1.5', '99']) {
      const r = parseEnv({ TRUST_PROXY: bad });
      expect(r.ok ? '' : r.message).toMatch(/^Invalid setting TRUST_PROXY: /);
    }
  });

  it('never echoes a secret value back', () => {
    const r = parseEnv({ SESSION_SECRET: 'short-secret' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toContain('SESSION_SECRET');
    expect(r.message).not.toContain('short-secret');
  });
});
