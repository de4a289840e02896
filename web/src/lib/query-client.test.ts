import { describe, it, expect } from 'vitest';
import { HTTPError } from 'ky';
import { QueryClient } from '@tanstack/react-query';
import { removePrivateQueries, retryDelay, retryUnlessClientError } from './query-client';

describe('retryDelay', () => {
  it('starts at one second and doubles with every failure', () => {
    expect(retryDelay(0)).toBe(1000);
    expect(retryDelay(1)).toBe(2000);
    expect(retryDelay(2)).toBe(4000);
    expect(retryDelay(3)).toBe(8000);
    expect(retryDelay(4)).toBe(16_000);
  });

  it('is capped at thirty seconds', () => {
    expect(retryDelay(5)).toBe(30_000);
    expect(retryDelay(10)).toBe(30_000);
    expect(retryDelay(100)).toBe(30_000);
  });

  it('never decreases as failures accumulate', () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      expect(retryDelay(attempt + 1)).toBeGreaterThanOrEqual(retryDelay(attempt));
    }
  });
});

function httpError(status: number): HTTPError {
  const request = new Request('http://shop.test/api/users');
  return new HTTPError(new Response(null, { status }), request, {} as ConstructorParameters<typeof HTTPError>[2]);
}

describe('retryUnlessClientError', () => {
  it('does not retry answers that a retry cannot change', () => {
    for (const status of [400, 401, 403, 404, 409]) expect(retryUnlessClientError(0, httpError(status))).toBe(false);
  });

  it('retries server errors, timeouts, rate limits and network failures up to three times', () => {
    for (const error of [httpError(500), httpError(503), httpError(408), httpError(429), new TypeError('Failed to fetch')]) {
      expect(retryUnlessClientError(0, error)).toBe(true);
      expect(retryUnlessClientError(2, error)).toBe(true);
      expect(retryUnlessClientError(3, error)).toBe(false);
    }
  });
});

describe('removePrivateQueries', () => {
  it('keeps only the queries marked public', async () => {
    const client = new QueryClient();
    await client.prefetchQuery({ queryKey: ['site-config'], queryFn: () => ({ shopName: 'x' }), meta: { public: true } });
    client.setQueryData(['users', 'list'], []);
    client.setQueryData(['carts', 'a@b.c'], []);
    removePrivateQueries(client);
    expect(client.getQueryData(['site-config'])).toEqual({ shopName: 'x' });
    expect(client.getQueryData(['users', 'list'])).toBeUndefined();
    expect(client.getQueryData(['carts', 'a@b.c'])).toBeUndefined();
  });
});
