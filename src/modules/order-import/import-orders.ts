import { evolve, firstOrderNumber, type Actor, type OrderImportTransaction } from '../ordering/index.js';
import { importedSnapshot, type OriginalOrder } from './domain/imported-order.js';

/** Who the log names as the author of Imported events: the import command, not a person. */
export const importActor: Actor = { userId: 'import', email: 'import:original', role: 'admin' };

/** One old order: its old id (kept, so links and the old client's ids still work) and when it was placed. */
export type OrderToImport = { id: string; placedAt: Date; order: OriginalOrder };

export type ImportedOrderOutcome = { id: string; outcome: 'added' | 'exists'; orderNumber: number | null; note: string | null };

export type ImportOrdersDeps = {
  /** One ordering transaction (the log's head taken first), its stores bound to it. */
  transaction: OrderImportTransaction;
};

/**
 * Imports old orders (issue 19, decision 041), a batch per transaction: each becomes one Imported
 * event (seq 1, at its recorded time) with the next order number, handed to the in-transaction
 * handlers the import was given (its listing row and its sales cells; decision 050). Nothing else happens: no stock is taken, no message is queued, no placement limit or rule
 * is asked. An order whose id already has events is left alone, so a second import of the same
 * files changes nothing. `dryRun`: only looks, in the same transaction, and writes nothing.
 */
export async function importOrders(deps: ImportOrdersDeps, batch: readonly OrderToImport[], dryRun: boolean): Promise<ImportedOrderOutcome[]> {
  return deps.transaction(async ({ log, projection, changed }) => {
    const outcomes: ImportedOrderOutcome[] = [];
    let next = dryRun ? null : ((await projection.lastNumber()) ?? firstOrderNumber - 1) + 1;
    for (const { id, placedAt, order } of batch) {
      const { snapshot, note } = importedSnapshot(order);
      if ((await log.eventsOf(id)).length > 0) {
        outcomes.push({ id, outcome: 'exists', orderNumber: null, note: null });
        continue;
      }
      if (next === null) {
        outcomes.push({ id, outcome: 'added', orderNumber: null, note });
        continue;
      }
      const stored = await log.append({ type: 'Imported', payload: { ...snapshot, orderNumber: next }, orderId: id, seq: 1, actor: importActor, at: placedAt });
      const state = evolve(null, stored);
      await changed({ before: null, after: state, events: [{ event: stored, order: state }] });
      outcomes.push({ id, outcome: 'added', orderNumber: next, note });
      next += 1;
    }
    return outcomes;
  });
}
