import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { evolve, type Actor, type OrderState, type PlacedSnapshot, type RecordedEvent } from '../../src/modules/ordering/domain/order.js';
import { createEventHasher, genesisHash, type ChainKeying } from '../../src/modules/ordering/adapters/hash-chain.js';
import { auditOrderLogOn, incrementalAuditOn, restoreTriggersOn, startOrderLogOn } from '../../src/modules/audit/adapters/log-access.js';
import { createPgOrderLog } from '../../src/modules/ordering/adapters/postgres/order-log.js';
import { createPgOrderProjection } from '../../src/modules/ordering/adapters/postgres/order-projection.js';
import { openPostgresDatabase, type PostgresDatabase, type Tx } from '../../src/platform/database.js';
import { usePostgres } from '../support/postgres.js';

// The order log on PostgreSQL (issue 14, decisions 014, 022, 024): appends of two "processes"
// (two pools on one database) make one chain, the start-up check refuses what it refuses on
// SQLite with the same words, and the full and incremental audits pass a sound log and name a
// tampered event. Tampering runs as the superuser, which may disable the triggers.
const cluster = usePostgres();

const customer: Actor = { userId: 'c0ffee000000000000000001', email: 'rina@example.com', role: 'customer' };
const admin: Actor = { userId: 'c0ffee000000000000000002', email: 'boss@shop.test', role: 'admin' };
const placed: PlacedSnapshot = {
  owner: { userId: customer.userId, email: customer.email },
  name: 'Rina',
  phone: '01712345678',
  address: 'House 1, Road 2, Dhanmondi',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  appliedCoupon: null,
  discountBasisPoints: 0,
  lines: [{ productId: 'p1', title: 'Sakura Holo Card', category: 'Cards', image: '/uploads/x.webp', size: 'M', color: 'Red', quantity: 2, unitPrice: 450, price: 900 }],
  // Money past 2^31: bigint columns, read back as numbers (decision 022).
  subtotal: 3_000_000_000,
  discount: 0,
  fee: 60,
  total: 3_000_000_060,
};

const open: PostgresDatabase[] = [];
const clients: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
  await Promise.all(clients.splice(0).map((c) => c.end()));
});

async function newDatabase() {
  const url = await cluster().createDatabase({ name: `order_log_${Math.random().toString(36).slice(2, 10)}` });
  return url;
}
async function shop(url: string) {
  const database = await openPostgresDatabase(url, { max: 5 });
  open.push(database);
  return database;
}
/** The superuser on the shop's database: it may disable triggers, as a tables' owner may. */
async function superuser(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}
const tamper = async (client: pg.Client, statements: string) => client.query(`set session_replication_role = replica; ${statements}; set session_replication_role = origin;`);

const logIn = (tx: Tx, keying: ChainKeying) => {
  if (tx.engine !== 'postgres') throw new Error('PostgreSQL only');
  return { log: createPgOrderLog(tx.db, keying), projection: createPgOrderProjection(tx.db) };
};

/** Places an order and confirms it, each in its own transaction that takes the head first, as ordering's units do. */
async function placeAndConfirm(database: PostgresDatabase, orderId: string, keying: ChainKeying, at: Date) {
  let state: OrderState | null = null;
  const events: RecordedEvent[] = [
    { type: 'Placed', payload: placed, orderId, seq: 1, actor: customer, at },
    { type: 'Confirmed', payload: {}, orderId, seq: 2, actor: admin, at: new Date(at.getTime() + 1) },
  ];
  for (const event of events) {
    await database.transaction(async (tx) => {
      const { log, projection } = logIn(tx, keying);
      await log.lockHead();
      await log.append(event);
      state = evolve(state, event);
      await projection.save(state);
    });
  }
}

describe('appends from two processes on one database', () => {
  it('make one valid chain when each transaction takes the head first', async () => {
    const url = await newDatabase();
    const [one, two] = [await shop(url), await shop(url)];
    const at = Date.parse('2026-05-01T10:00:00.123Z');
    await Promise.all(
      Array.from({ length: 16 }, (_, i) => placeAndConfirm(i % 2 === 0 ? (one as PostgresDatabase) : (two as PostgresDatabase), `order-${String(i).padStart(2, '0')}`, null, new Date(at + i * 10))),
    );
    const db = await superuser(url);
    const ids = (await db.query<{ id: string }>('select id from order_events order by id')).rows.map((r) => Number(r.id));
    expect(ids).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    expect((await db.query('select event_count::int as n, last_id::int as last from order_log_head')).rows).toEqual([{ n: 32, last: 32 }]);
    expect(await auditOrderLogOn(one as PostgresDatabase)).toMatchObject({ verified: true, problem: null, eventCount: 32, orderCount: 16 });
    // The other process reads the same log, and the chain it sees is the one the first one wrote.
    expect(await auditOrderLogOn(two as PostgresDatabase)).toMatchObject({ verified: true, eventCount: 32 });
    const stored = await createPgOrderLog((one as PostgresDatabase).handle.db, null).eventsOf('order-03');
    expect(stored.map((e) => [e.seq, e.type])).toEqual([
      [1, 'Placed'],
      [2, 'Confirmed'],
    ]);
    expect(stored[0]?.at.toISOString()).toBe(new Date(at + 30).toISOString());
    expect(await createPgOrderProjection((two as PostgresDatabase).handle.db).byId('order-03')).toMatchObject({ status: 'Confirmed', placed: { total: 3_000_000_060 } });
  });

  it('hashes the same bytes as SQLite: a keyed chain written here verifies with the same key only', async () => {
    const url = await newDatabase();
    const database = await shop(url);
    const key = 'pg-order-log-audit-key-0001';
    const start = await startOrderLogOn(database, key);
    expect(start).toMatchObject({ ok: true, keyedNow: 1 });
    if (!start.ok) return;
    await placeAndConfirm(database, 'keyed-1', start.keying, new Date('2026-05-01T10:00:00Z'));
    const db = await superuser(url);
    const rows = (await db.query<{ id: string; order_id: string; seq: number; type: string; payload: string; actor: string; at: Date; prev_hash: string; hash: string }>('select * from order_events order by id')).rows;
    const hash = createEventHasher(start.keying);
    let prev = genesisHash;
    for (const r of rows) {
      const event = { id: Number(r.id), orderId: r.order_id, seq: r.seq, type: r.type, payload: JSON.parse(r.payload) as unknown, actor: JSON.parse(r.actor) as Actor, at: r.at, prevHash: r.prev_hash };
      expect(r.prev_hash).toBe(prev);
      expect(hash(event as never)).toBe(r.hash);
      prev = r.hash;
    }
    expect(await auditOrderLogOn(database, key)).toMatchObject({ verified: true, eventCount: 2, orderCount: 1, head: { keyedFrom: 1 } });
    expect((await auditOrderLogOn(database, 'another-audit-key-000002')).problem?.reason).toContain('AUDIT_KEY is not the key this order log is keyed with');
  });
});

describe('the start-up check on PostgreSQL', () => {
  const triggersMissing = "The order log's append-only triggers are missing or altered";
  const fix = 'npm run audit:verify -- --restore-triggers';

  it('refuses a dropped, disabled or emptied protection, and restoreTriggersOn puts it back', async () => {
    const url = await newDatabase();
    const database = await shop(url);
    await placeAndConfirm(database, 'o1', null, new Date('2026-05-01T10:00:00Z'));
    const db = await superuser(url);
    expect(await startOrderLogOn(database)).toMatchObject({ ok: true });

    await db.query('drop trigger order_events_no_delete on order_events');
    const dropped = await startOrderLogOn(database);
    expect(dropped).toMatchObject({ ok: false });
    expect(!dropped.ok && dropped.message).toContain(`${triggersMissing} (order_events_no_delete)`);
    expect(!dropped.ok && dropped.message).toContain(fix);
    expect(await restoreTriggersOn(database)).toEqual(['order_events_no_delete']);
    await expect(db.query('delete from order_events')).rejects.toThrow(/order_events is append-only: DELETE is not allowed/);
    expect(await startOrderLogOn(database)).toMatchObject({ ok: true });

    await db.query('alter table order_log_head disable trigger order_log_head_no_rewind');
    const disabled = await startOrderLogOn(database);
    expect(!disabled.ok && disabled.message).toContain(`${triggersMissing} (order_log_head_no_rewind)`);
    expect(await restoreTriggersOn(database)).toEqual(['order_log_head_no_rewind']);

    // A function "replaced" by one that lets everything through is as good as no trigger.
    await db.query('create or replace function order_events_append_only() returns trigger language plpgsql as $$ begin return old; end; $$');
    const emptied = await startOrderLogOn(database);
    expect(!emptied.ok && emptied.message).toContain(`${triggersMissing} (order_events_no_update, order_events_no_delete, order_events_no_truncate)`);
    expect(await restoreTriggersOn(database)).toEqual(['order_events_no_update', 'order_events_no_delete', 'order_events_no_truncate']);
    await expect(db.query("update order_events set payload = '{}'")).rejects.toThrow(/order_events is append-only: UPDATE is not allowed/);
    expect(await restoreTriggersOn(database)).toEqual([]);
    expect(await startOrderLogOn(database)).toMatchObject({ ok: true });
  });

  it('refuses a missing head, and a log cut short behind its head', async () => {
    const url = await newDatabase();
    const database = await shop(url);
    await placeAndConfirm(database, 'o1', null, new Date('2026-05-01T10:00:00Z'));
    const db = await superuser(url);

    await tamper(db, 'delete from order_events where id = 2');
    const cut = await startOrderLogOn(database);
    expect(!cut.ok && cut.message).toContain('The order log does not match its head: the log ends at event 1, but its head records 2 events');
    expect(!cut.ok && cut.message).toContain(fix);

    await tamper(db, 'delete from order_log_head');
    const headless = await startOrderLogOn(database);
    expect(!headless.ok && headless.message).toContain("The order log's head row (order_log_head) is missing: the database was changed outside the shop.");
    expect((await auditOrderLogOn(database)).problem?.reason).toContain("the order log's head row (order_log_head) is missing");
  });

  it('records AUDIT_KEY once, even for processes starting together, then refuses no key or another key', async () => {
    const url = await newDatabase();
    const database = await shop(url);
    await placeAndConfirm(database, 'o1', null, new Date('2026-05-01T10:00:00Z'));
    const key = 'pg-order-log-audit-key-0001';
    const others = [await shop(url), await shop(url)];
    const starts = await Promise.all([database, ...others].map((d) => startOrderLogOn(d, key)));
    expect(starts.map((s) => s.ok && s.head.keyedFrom)).toEqual([3, 3, 3]);
    expect(starts.filter((s) => s.ok && s.keyedNow === 3)).toHaveLength(1);

    const without = await startOrderLogOn(database);
    expect(!without.ok && without.message).toContain('Cannot start: the order log is keyed with AUDIT_KEY from event 3 on: set AUDIT_KEY');
    const other = await startOrderLogOn(database, 'another-audit-key-000002');
    expect(!other.ok && other.message).toContain('Cannot start: AUDIT_KEY is not the key this order log is keyed with');
    const again = await startOrderLogOn(database, key);
    expect(again).toMatchObject({ ok: true, keyedNow: null, keying: { key, keyedFrom: 3 } });

    // A head rolled back without the key (its MAC is not the key's) is refused.
    if (!again.ok) return;
    await placeAndConfirm(database, 'o2', again.keying, new Date('2026-05-01T11:00:00Z'));
    const db = await superuser(url);
    await tamper(db, "update order_log_head set head_mac = 'forged'");
    const forged = await startOrderLogOn(database, key);
    expect(!forged.ok && forged.message).toContain("does not carry AUDIT_KEY's MAC");
  });
});

describe('the audits on PostgreSQL', () => {
  it('the full audit streams a log longer than a page and names an edited event or listing row', async () => {
    const url = await newDatabase();
    const database = await shop(url);
    const db = await superuser(url);
    // 1,300 orders of two events, written directly (with their real hashes) in one transaction:
    // every stream crosses page boundaries, an order's events across one of them too. Ids with
    // characters past ASCII check that the database's byte order is compareIds' (locale C).
    const hash = createEventHasher(null);
    const ids = Array.from({ length: 1_300 }, (_, i) => (i % 10 === 0 ? `\u00e9-${i}` : i % 10 === 1 ? `\u{1F600}-${i}` : i % 10 === 2 ? `\uFF5E-${i}` : `${(i * 7919) % 1300}-${i}`));
    let prevHash = genesisHash;
    let id = 0;
    const events: unknown[][] = [];
    const rows: OrderState[] = [];
    const add = (event: RecordedEvent) => {
      const stored = { ...event, id: ++id, prevHash };
      prevHash = hash(stored as never);
      events.push([stored.id, event.orderId, event.seq, event.type, JSON.stringify(event.payload), JSON.stringify(event.actor), event.at, stored.prevHash, prevHash]);
    };
    const at = Date.parse('2026-05-01T10:00:00Z');
    const states = ids.map((orderId, i) => {
      const event: RecordedEvent = { type: 'Placed', payload: placed, orderId, seq: 1, actor: customer, at: new Date(at + i) };
      add(event);
      return evolve(null, event);
    });
    states.forEach((state, i) => {
      const event: RecordedEvent = { type: 'Confirmed', payload: {}, orderId: state.id, seq: 2, actor: admin, at: new Date(at + 10_000 + i) };
      add(event);
      rows.push(evolve(state, event));
    });
    await db.query('begin');
    for (let i = 0; i < events.length; i += 500) {
      const batch = events.slice(i, i + 500);
      await db.query(`insert into order_events values ${batch.map((_, b) => `(${Array.from({ length: 9 }, (_, c) => `$${b * 9 + c + 1}`).join(', ')})`).join(', ')}`, batch.flat());
    }
    await db.query('update order_log_head set event_count = $1, last_id = $1, last_hash = $2 where id = 1', [id, prevHash]);
    await db.query('commit');
    await database.transaction(async (tx) => {
      const { projection } = logIn(tx, null);
      for (const state of rows) await projection.save(state);
    });

    expect(await auditOrderLogOn(database)).toMatchObject({ verified: true, problem: null, eventCount: 2_600, orderCount: 1_300 });

    const changed = ids[5] as string;
    await db.query("update orders set status = 'Delivered' where id = $1", [changed]);
    expect((await auditOrderLogOn(database)).problem).toMatchObject({ orderId: changed, reason: 'the listing table disagrees with the log' });
    await db.query("update orders set status = 'Confirmed' where id = $1", [changed]);
    expect(await auditOrderLogOn(database)).toMatchObject({ verified: true });
    await tamper(db, `update order_events set payload = replace(payload, '"Rina"', '"Mallory"') where id = 1001`);
    expect((await auditOrderLogOn(database)).problem).toMatchObject({ eventId: 1001, reason: 'its content does not match its hash (the event was edited)' });
  });

  it('the incremental audit checks in slices, goes on from where it stopped, and names an event rewritten behind it', async () => {
    const url = await newDatabase();
    const database = await shop(url);
    for (let i = 0; i < 4; i++) await placeAndConfirm(database, `o${i}`, null, new Date(Date.parse('2026-05-01T10:00:00Z') + i * 1000));
    const audit = incrementalAuditOn(database, null, { sliceEvents: 3 });
    const first = await audit();
    expect(first).toMatchObject({ verified: false, problem: null, eventCount: 3 });
    expect(first.unchecked).toBeGreaterThan(0);
    // The rest is checked in the background, a slice per turn.
    await expect.poll(async () => (await audit()).verified, { timeout: 10_000 }).toBe(true);
    expect(await audit()).toMatchObject({ verified: true, eventCount: 8, unchecked: 0, head: { eventCount: 8 } });

    await placeAndConfirm(database, 'o9', null, new Date('2026-05-02T10:00:00Z'));
    expect(await audit()).toMatchObject({ verified: true, eventCount: 10 });

    const db = await superuser(url);
    await tamper(db, "update order_events set hash = repeat('a', 64) where id = 10");
    expect((await audit()).problem).toMatchObject({ eventId: 10, reason: 'event 10 was removed or rewritten after this server verified it' });
    // Once found, reported until a restart.
    expect(await audit()).toMatchObject({ verified: false, problem: { eventId: 10 } });
  });
});
