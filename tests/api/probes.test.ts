import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 38: the probes of a process manager. /healthz says the process answers; /readyz that it
// may take traffic: the database answers, this build's migrations are applied, the outbox's worker
// runs and the order log's head agrees with its last event. Never cached; a failing check is a 503
// that names it. Runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const readyz = async () => {
  const res = await call(t, 'GET', '/readyz');
  return { status: res.status, cache: res.headers.get('cache-control'), body: (await json(res)) as { status: string; checks: Record<string, { ok: boolean; reason?: string }>; error?: { code: string; message: string } } };
};

describe('GET /healthz and GET /readyz', () => {
  it('answer, uncached, that the process lives and the shop is ready', async () => {
    const health = await call(t, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await json(health)).toMatchObject({ status: 'ok' });

    const ready = await readyz();
    expect(ready).toMatchObject({ status: 200, cache: 'no-store', body: { status: 'ready' } });
    expect(ready.body.checks).toEqual({ database: { ok: true }, migrations: { ok: true }, orderLog: { ok: true }, outbox: { ok: true } });
  });

  it('are in the OpenAPI document', async () => {
    const doc = (await json(await call(t, 'GET', '/api/openapi.json'))) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
  });

  it('is not ready while the outbox worker is stopped, and says so', async () => {
    await t.messages.stop();
    try {
      const ready = await readyz();
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('not-ready');
      expect(ready.body.error).toMatchObject({ code: 'http/unavailable', message: 'Not ready: outbox.' });
      expect(ready.body.checks.outbox).toEqual({ ok: false, reason: 'the message outbox worker is not running' });
      expect(ready.body.checks.database).toEqual({ ok: true });
    } finally {
      t.messages.start();
    }
    expect((await readyz()).status).toBe(200);
  });

  it('is not ready on a database that misses a migration of this build', async () => {
    const table = t.database.engine === 'sqlite' ? '__drizzle_migrations' : 'drizzle.__drizzle_migrations';
    const [newest] = await t.query<{ id: number; hash: string; created_at: string | number }>(`select id, hash, created_at from ${table} order by created_at desc limit 1`);
    await t.query(`delete from ${table} where created_at = ?`, newest!.created_at);
    try {
      const ready = await readyz();
      expect(ready.status).toBe(503);
      expect(ready.body.checks.migrations).toEqual({ ok: false, reason: 'migrations of this build are not applied to the database' });
    } finally {
      await t.query(`insert into ${table} (id, hash, created_at) values (?, ?, ?)`, newest!.id, newest!.hash, newest!.created_at);
    }
    expect((await readyz()).status).toBe(200);
  });
});

describe('GET /readyz without its database', () => {
  it('fails, and /healthz still answers', async () => {
    const gone = await createTestApp();
    await gone.database.close();
    try {
      const res = await call(gone, 'GET', '/readyz');
      expect(res.status).toBe(503);
      const body = (await json(res)) as { checks: Record<string, { ok: boolean }> };
      expect(body.checks.database?.ok).toBe(false);
      expect((await call(gone, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await gone.close().catch(() => undefined);
    }
  });
});
