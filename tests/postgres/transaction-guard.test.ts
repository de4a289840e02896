import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase, openSqliteDatabase, OutsideTransactionError, type ShopDatabase } from '../../src/platform/database.js';
import { usePostgres } from '../support/postgres.js';

// Decision 024: a store not bound to the open transaction, used inside it, throws at once instead of
// waiting for itself. On by default (tests, tools); a production shop turns it off (shop.ts): on Node
// 20 the AsyncLocalStorage behind it costs every request (docs/performance.md).

const cluster = usePostgres();
const opened: ShopDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});

async function engines(): Promise<ShopDatabase[]> {
  const sqlite = openSqliteDatabase(':memory:');
  const postgres = await openPostgresDatabase(await cluster().createDatabase());
  opened.push(sqlite, postgres);
  return [sqlite, postgres];
}

describe('the transaction guard (on, as everywhere but a production shop)', () => {
  it('refuses a transaction opened inside another on both engines, and the outer one still commits', async () => {
    for (const database of await engines()) {
      const inner = await database
        .transaction(async () => {
          await Promise.resolve();
          return database.transaction(async () => 'nested').then(
            () => 'ran',
            (e: unknown) => (e instanceof OutsideTransactionError ? 'refused' : `other: ${String(e)}`),
          );
        })
        .catch((e: unknown) => `outer failed: ${String(e)}`);
      expect(inner, database.engine).toBe('refused');
      // Not held: the next transaction runs.
      await expect(database.transaction(async () => 'next')).resolves.toBe('next');
    }
  });

  it("refuses a SQLite write through the stores outside the transaction, where it would wait for the transaction's own lock", async () => {
    const database = openSqliteDatabase(':memory:');
    opened.push(database);
    const outcome = await Promise.race([
      database.transaction(async () => {
        await Promise.resolve();
        return database.outside.write(() => 'written').then(
          () => 'ran',
          (e: unknown) => (e instanceof OutsideTransactionError ? 'refused' : `other: ${String(e)}`),
        );
      }),
      new Promise((resolve) => setTimeout(() => resolve('waited for itself'), 2_000)),
    ]);
    expect(outcome).toBe('refused');
    // A write outside any transaction still goes through.
    await expect(database.outside.write(() => 'written')).resolves.toBe('written');
  });
});
