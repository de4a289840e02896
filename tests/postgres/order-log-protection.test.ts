import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from '../../src/platform/sqlite.js';
import { openPostgres, runPostgresMigrations } from '../../src/platform/postgres.js';
import { usePostgres } from '../support/postgres.js';

// The order log is append-only on PostgreSQL as on SQLite (decisions 007, 014, 022): every case
// runs on both engines, migrated by their committed migrations, and must be refused (with the same
// words) or allowed alike. Then the app's role of decision 022, which owns nothing, cannot get
// around the triggers.

const cluster = usePostgres();

type Case = { name: string; sqlite: string[]; pg: string[]; refused: RegExp | null };
const both = (name: string, statements: string[], refused: RegExp | null): Case => ({ name, sqlite: statements, pg: statements, refused });
const forward = /order_log_head only moves forward: its count, last event and key switch cannot be rewound/;
const keyed = "update order_log_head set keyed_from = 4, key_proof = 'p'";

const cases: Case[] = [
  both('update an event', ["update order_events set payload = '{\"forged\":true}' where id = 2"], /order_events is append-only: UPDATE is not allowed/),
  both('delete an event', ['delete from order_events where id = 3'], /order_events is append-only: DELETE is not allowed/),
  both('delete the whole log', ['delete from order_events'], /order_events is append-only: DELETE is not allowed/),
  {
    name: 'replace an event',
    sqlite: ['insert or replace into order_events select * from order_events where id = 2'],
    pg: ["insert into order_events select * from order_events where id = 2 on conflict (id) do update set payload = '{}'"],
    refused: /order_events is append-only: (an event cannot be replaced|UPDATE is not allowed)/,
  },
  both('append the next event and move the head to it', ["insert into order_events values (4, 'o2', 1, 'Placed', '{}', '{}', $at, 'h3', 'h4')", "update order_log_head set event_count = 4, last_id = 4, last_hash = 'h4', head_mac = 'm'"], null),
  both('lower the count', ['update order_log_head set event_count = event_count - 1'], forward),
  both('move the last event back', ["update order_log_head set last_id = 2, last_hash = 'h2'"], forward),
  both('rewrite the last hash', ["update order_log_head set last_hash = 'forged'"], forward),
  both('move the row', ['update order_log_head set id = 2'], forward),
  both('key the chain from an event already written', ["update order_log_head set keyed_from = 3, key_proof = 'p'"], forward),
  both('key the chain from the next event', [keyed], null),
  both('move the key switch once set', [keyed, 'update order_log_head set keyed_from = 5'], forward),
  both('change the key proof once set', [keyed, "update order_log_head set key_proof = 'q'"], forward),
  both('remove the key switch once set', [keyed, 'update order_log_head set keyed_from = null, key_proof = null'], forward),
  both('delete the head', ['delete from order_log_head'], /order_log_head cannot be deleted/),
  both('add a second head', ["insert into order_log_head (id, event_count, last_id, last_hash) values (2, 0, 0, 'x')"], /order_log_head has one row: it is updated, never replaced/),
  {
    name: 'replace the head',
    sqlite: ["insert or replace into order_log_head (id, event_count, last_id, last_hash) values (1, 0, 0, '0')"],
    pg: ["insert into order_log_head (id, event_count, last_id, last_hash) values (1, 0, 0, '0') on conflict (id) do update set event_count = 0"],
    refused: /order_log_head has one row: it is updated, never replaced/,
  },
  { name: 'truncate the log', sqlite: [], pg: ['truncate order_events'], refused: /order_events is append-only: TRUNCATE is not allowed/ },
  { name: 'truncate the head', sqlite: [], pg: ['truncate order_log_head'], refused: /order_log_head cannot be deleted/ },
];

const seed = [
  "insert into order_events values (1, 'o1', 1, 'Placed', '{}', '{}', $at, '0', 'h1')",
  "insert into order_events values (2, 'o1', 2, 'Confirmed', '{}', '{}', $at, 'h1', 'h2')",
  "insert into order_events values (3, 'o1', 3, 'Deleted', '{}', '{}', $at, 'h2', 'h3')",
  "update order_log_head set event_count = 3, last_id = 3, last_hash = 'h3'",
];
const sqliteAt = (s: string) => s.replaceAll('$at', String(Date.parse('2026-01-01T00:00:00Z')));
const pgAt = (s: string) => s.replaceAll('$at', "'2026-01-01T00:00:00Z'");

const outcome = (e: unknown) => (e instanceof Error ? e.message : String(e));

describe('the order log on PostgreSQL refuses what SQLite refuses', () => {
  const sqlite = openDatabase(':memory:');
  let client: pg.Client;
  beforeAll(async () => {
    runMigrations(sqlite);
    for (const s of seed) sqlite.sqlite.exec(sqliteAt(s));
    const handle = openPostgres(await cluster().createDatabase());
    await runPostgresMigrations(handle);
    for (const s of seed) await handle.pool.query(pgAt(s));
    client = new pg.Client({ connectionString: handle.pool.options.connectionString as string });
    await handle.close();
    await client.connect();
    return async () => {
      await client.end();
      sqlite.close();
    };
  });

  it.each(cases)('$name', async ({ sqlite: sqliteStatements, pg: pgStatements, refused }) => {
    if (sqliteStatements.length) {
      sqlite.sqlite.exec('SAVEPOINT attempt');
      let error: string | null = null;
      try {
        for (const s of sqliteStatements) sqlite.sqlite.exec(sqliteAt(s));
      } catch (e) {
        error = outcome(e);
      } finally {
        sqlite.sqlite.exec('ROLLBACK TO attempt; RELEASE attempt');
      }
      if (refused) expect(error, 'SQLite').toMatch(refused);
      else expect(error, 'SQLite').toBeNull();
    }
    await client.query('BEGIN');
    let error: (Error & { code?: string }) | null = null;
    try {
      for (const s of pgStatements) await client.query(pgAt(s));
    } catch (e) {
      error = e as Error & { code?: string };
    } finally {
      await client.query('ROLLBACK');
    }
    if (refused) {
      expect(error?.message, 'PostgreSQL').toMatch(refused);
      expect(error?.code, 'PostgreSQL: restrict_violation').toBe('23001');
    } else expect(error?.message ?? null, 'PostgreSQL').toBeNull();
  });
});

describe("the app's role (decision 022) cannot get around the triggers", () => {
  const grants = /```sql\n([\s\S]*?)```/.exec(readFileSync(join(import.meta.dirname, '../../docs/decisions/022-postgresql-schema-and-migrations.md'), 'utf8'))?.[1];
  let app: pg.Client;
  beforeAll(async () => {
    const owner = openPostgres(cluster().url);
    await runPostgresMigrations(owner);
    await owner.pool.query('CREATE ROLE shop_app LOGIN');
    expect(grants, 'the grants block of decision 022').toBeTruthy();
    await owner.pool.query(grants as string);
    await owner.close();
    app = new pg.Client({ connectionString: cluster().urlOf('shop', 'shop_app') });
    await app.connect();
    return () => app.end();
  });

  it('runs the shop: starts with the migrations applied, appends under the locked head, writes the other tables', async () => {
    const handle = openPostgres(cluster().urlOf('shop', 'shop_app'));
    await runPostgresMigrations(handle);
    await handle.close();
    await app.query('BEGIN');
    const [head] = (await app.query('select last_id, last_hash from order_log_head where id = 1 for update')).rows as Array<{ last_id: string; last_hash: string }>;
    await app.query("insert into order_events values ($1, 'o1', 1, 'Placed', '{}', '{}', now(), $2, 'h1')", [Number(head?.last_id) + 1, head?.last_hash]);
    await app.query("update order_log_head set event_count = event_count + 1, last_id = last_id + 1, last_hash = 'h1' where id = 1");
    await app.query("insert into order_requests values ('u1', 'key-0001', 'r', 'o1', now())");
    await app.query("insert into categories values ('c1', 'Cards', 'cards', now())");
    await app.query("delete from categories where id = 'c1'");
    await app.query('COMMIT');
    expect((await app.query('select count(*)::int as n from order_events')).rows).toEqual([{ n: 1 }]);
  });

  it.each([
    ['delete from order_events', /permission denied for table order_events/],
    ["update order_events set payload = '{}'", /permission denied for table order_events/],
    ['truncate order_events', /permission denied for table order_events/],
    ['delete from order_log_head', /permission denied for table order_log_head/],
    ['truncate order_log_head', /permission denied for table order_log_head/],
    ['update order_log_head set event_count = 0', forward],
    ['alter table order_events disable trigger all', /must be owner of table order_events/],
    ['drop trigger order_events_no_delete on order_events', /must be owner of (table|relation) order_events/],
    ["set session_replication_role = 'replica'", /permission denied to set parameter "session_replication_role"/],
    ['create table shadow (id int)', /permission denied for schema public/],
    ["delete from orders where id = 'o1'", /permission denied for table orders/],
  ])('%s: refused', async (statement, refused) => {
    await expect(app.query(statement)).rejects.toThrow(refused);
  });
});
