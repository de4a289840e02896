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

  it('limits a phone number to 3 Pending orders and blocks cash on delivery after 3 shop cancels by default (issue 16); 0 turns the block off', () => {
    expect(parseEnv({})).toMatchObject({ ok: true, env: { MAX_PENDING_PER_PHONE: 3, COD_BLOCK_AFTER_CANCELS: 3 } });
    expect(parseEnv({ MAX_PENDING_PER_PHONE: '1', COD_BLOCK_AFTER_CANCELS: '0' })).toMatchObject({ ok: true, env: { MAX_PENDING_PER_PHONE: 1, COD_BLOCK_AFTER_CANCELS: 0 } });
    expect(parseEnv({ MAX_PENDING_PER_PHONE: '0' })).toEqual({ ok: false, message: 'Invalid setting MAX_PENDING_PER_PHONE: must be a positive whole number (got "0")' });
    expect(parseEnv({ COD_BLOCK_AFTER_CANCELS: '-1' })).toEqual({ ok: false, message: 'Invalid setting COD_BLOCK_AFTER_CANCELS: must be a whole number (0 turns the block off) (got "-1")' });
  });

  it("bounds what a customer controls (issue 40): 50 cart lines, 99 of one item, 50 lines and 500,000 taka an order, 30 orders a day, or as set", () => {
    expect(parseEnv({})).toMatchObject({ ok: true, env: { MAX_CART_LINES: 50, MAX_LINE_QUANTITY: 99, MAX_ORDER_LINES: 50, MAX_ORDER_TOTAL: 500_000, ORDERS_PER_DAY: 30 } });
    expect(parseEnv({ MAX_CART_LINES: '20', MAX_LINE_QUANTITY: '10', MAX_ORDER_LINES: '1000', MAX_ORDER_TOTAL: '100000000', ORDERS_PER_DAY: '' })).toMatchObject({
      ok: true,
      env: { MAX_CART_LINES: 20, MAX_LINE_QUANTITY: 10, MAX_ORDER_LINES: 1000, MAX_ORDER_TOTAL: 100_000_000, ORDERS_PER_DAY: 30 },
    });
    expect(parseEnv({ MAX_CART_LINES: '1001' })).toEqual({ ok: false, message: 'Invalid setting MAX_CART_LINES: must be a whole number from 1 to 1000 (got "1001")' });
    expect(parseEnv({ MAX_LINE_QUANTITY: '100' })).toEqual({ ok: false, message: 'Invalid setting MAX_LINE_QUANTITY: must be a whole number from 1 to 99 (got "100")' });
    expect(parseEnv({ MAX_ORDER_LINES: '0' })).toEqual({ ok: false, message: 'Invalid setting MAX_ORDER_LINES: must be a whole number from 1 to 1000 (got "0")' });
    expect(parseEnv({ MAX_ORDER_TOTAL: '100000001' })).toEqual({ ok: false, message: 'Invalid setting MAX_ORDER_TOTAL: must be at most 100000000 taka (got "100000001")' });
    expect(parseEnv({ ORDERS_PER_DAY: '0' })).toEqual({ ok: false, message: 'Invalid setting ORDERS_PER_DAY: must be a positive whole number (got "0")' });
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
    ['ORDERS_PER_DAY', '1.5'],
    ['MAX_CART_LINES', 'many'],
    ['MAX_LINE_QUANTITY', '0'],
    ['MAX_ORDER_LINES', '2.5'],
    ['MAX_ORDER_TOTAL', '-5'],
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

  it('reads CORS_ORIGINS as exact origins (none by default), and refuses a wildcard, a path or anything but an origin (issue 19)', () => {
    expect(parseEnv({})).toMatchObject({ ok: true, env: { CORS_ORIGINS: [] } });
    expect(parseEnv({ CORS_ORIGINS: 'https://Old-Shop.example/, http://localhost:5173,https://old-shop.example:443' })).toMatchObject({
      ok: true,
      env: { CORS_ORIGINS: ['https://old-shop.example', 'http://localhost:5173'] },
    });
    for (const bad of ['*', 'https://*.example.com', 'https://old-shop.example/shop', 'old-shop.example', 'null', 'https://old-shop.example?x=1', 'ftp://old-shop.example', 'https://user@old-shop.example', 'https://a.example, *']) {
      const r = parseEnv({ CORS_ORIGINS: bad });
      expect(r.ok ? '' : r.message, bad).toMatch(/^Invalid setting CORS_ORIGINS: ".+" is not an origin: list exact origins such as https:\/\/old-shop\.example\.com/);
    }
  });

  it('never echoes a secret value back', () => {
    const r = parseEnv({ SESSION_SECRET: 'short-secret' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toContain('SESSION_SECRET');
    expect(r.message).not.toContain('short-secret');
  });

  describe('the S3 image store (decision 023)', () => {
    const s3 = {
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_REGION: 'eu-central-1',
      S3_BUCKET: 'shop-images',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLEEXAMPLE01',
      S3_SECRET_ACCESS_KEY: 'secret/Access+Key/0123456789abcdefghij',
    };
    const message = (source: Record<string, string>) => {
      const r = parseEnv(source);
      return r.ok ? 'ok' : r.message;
    };

    it('reads the five settings together, virtual-hosted by default', () => {
      expect(parseEnv(s3)).toMatchObject({ ok: true, env: { ...s3, S3_FORCE_PATH_STYLE: false } });
      expect(parseEnv({ ...s3, S3_FORCE_PATH_STYLE: 'true', S3_PUBLIC_URL: 'https://images.example.com/shop' })).toMatchObject({
        ok: true,
        env: { S3_FORCE_PATH_STYLE: true, S3_PUBLIC_URL: 'https://images.example.com/shop' },
      });
      expect(parseEnv({})).toMatchObject({ ok: true, env: { S3_FORCE_PATH_STYLE: false } });
    });

    it('names the first missing one when only some are set', () => {
      expect(message({ ...s3, S3_REGION: '' })).toBe(
        'Missing setting S3_REGION: required when S3_ENDPOINT is set (the S3 image store needs S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
      );
      expect(message({ S3_BUCKET: 'shop-images' })).toMatch(/^Missing setting S3_ENDPOINT: required when S3_BUCKET is set /);
      expect(message({ S3_PUBLIC_URL: 'https://images.example.com' })).toMatch(/^Missing setting S3_ENDPOINT: required when S3_PUBLIC_URL is set /);
    });

    it('refuses imgbb and S3 together', () => {
      expect(message({ ...s3, IMGBB_API_KEY: 'imgbb-key-123' })).toBe(
        'Invalid setting IMGBB_API_KEY: uploaded images go to one store; set IMGBB_API_KEY or the S3_ settings, not both',
      );
    });

    it('allows plain http only to this machine, and then needs an https public URL', () => {
      expect(message({ ...s3, S3_ENDPOINT: 'http://minio.internal:9000' })).toBe(
        'Invalid setting S3_ENDPOINT: must use https (plain http only to this machine: 127.0.0.1, localhost or [::1])',
      );
      expect(message({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })).toBe(
        'Missing setting S3_PUBLIC_URL: required when S3_ENDPOINT is plain http (customers fetch the pictures over https)',
      );
      expect(message({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', S3_PUBLIC_URL: 'https://images.example.com' })).toBe('ok');
      expect(message({ ...s3, S3_PUBLIC_URL: 'http://images.example.com' })).toMatch(/^Invalid setting S3_PUBLIC_URL: must be an https address/);
      expect(message({ ...s3, S3_PUBLIC_URL: 'https://images.example.com/?v=1' })).toMatch(/^Invalid setting S3_PUBLIC_URL: /);
    });

    it('refuses an endpoint with a path, and a dotted bucket as a host name', () => {
      expect(message({ ...s3, S3_ENDPOINT: 'https://s3.example.com/shop-images' })).toBe(
        'Invalid setting S3_ENDPOINT: must be the service address without a path (the bucket goes in S3_BUCKET)',
      );
      expect(message({ ...s3, S3_BUCKET: 'images.shop.example' })).toMatch(/^Invalid setting S3_FORCE_PATH_STYLE: must be true for a bucket name with dots/);
      expect(message({ ...s3, S3_BUCKET: 'images.shop.example', S3_FORCE_PATH_STYLE: 'true' })).toBe('ok');
    });

    it.each([
      ['S3_ENDPOINT', 'not a url'],
      ['S3_REGION', 'EU Central'],
      ['S3_BUCKET', 'Shop_Images'],
      ['S3_BUCKET', 'ab'],
      ['S3_ACCESS_KEY_ID', 'has space'],
      ['S3_SECRET_ACCESS_KEY', 'short'],
      ['S3_PUBLIC_URL', 'images'],
      ['S3_FORCE_PATH_STYLE', 'sometimes'],
    ])('refuses %s=%s with one line naming it', (name, value) => {
      const text = message({ ...s3, [name]: value });
      expect(text.startsWith(`Invalid setting ${name}:`)).toBe(true);
      expect(text).not.toContain('\n');
    });

    it('never echoes the key pair back', () => {
      const secret = 'a secret with spaces';
      const text = message({ ...s3, S3_SECRET_ACCESS_KEY: secret, S3_ACCESS_KEY_ID: 'AKIA WITH SPACE' });
      expect(text).toMatch(/^Invalid setting S3_ACCESS_KEY_ID: /);
      expect(text).not.toContain('AKIA WITH SPACE');
      expect(message({ ...s3, S3_SECRET_ACCESS_KEY: secret })).toBe('Invalid setting S3_SECRET_ACCESS_KEY: must be a secret access key (no spaces)');
    });
  });
});
