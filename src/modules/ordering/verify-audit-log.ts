import { canonicalJson } from './domain/canonical-json.js';
import { apply, type OrderState } from './domain/order.js';
import type { StoredEvent } from './ports.js';

export type AuditProblem = { eventId: number | null; orderId: string; seq: number | null; reason: string };
export type AuditReport = { verified: boolean; eventCount: number; orderCount: number; problem: AuditProblem | null };

/**
 * Recomputes the hash chain over every event in log order, folds every order from its events,
 * and compares the fold with the listing table. Stops at the first problem: an edited event
 * (its hash no longer matches), a removed or reordered one (the chain or the ids break, or a
 * sequence number is skipped), or a projection row the log does not explain.
 */
export function verifyAuditLog(input: {
  events: readonly StoredEvent[];
  projection: readonly OrderState[];
  hash: (e: Omit<StoredEvent, 'hash'>) => string;
  genesis: string;
}): AuditReport {
  const states = new Map<string, OrderState>();
  const report = (problem: AuditProblem | null): AuditReport => ({
    verified: problem === null,
    eventCount: input.events.length,
    orderCount: states.size,
    problem,
  });

  let prevHash = input.genesis;
  let prevId = 0;
  for (const event of input.events) {
    const at = { eventId: event.id, orderId: event.orderId, seq: event.seq };
    if (event.id !== prevId + 1) return report({ ...at, reason: `event id ${event.id} follows ${prevId}: an event is missing or out of order` });
    if (event.prevHash !== prevHash) return report({ ...at, reason: 'its link to the previous event is broken (an event was removed, inserted or reordered)' });
    const { hash, ...content } = event;
    if (input.hash(content) !== hash) return report({ ...at, reason: 'its content does not match its hash (the event was edited)' });
    const next = apply(states.get(event.orderId) ?? null, event);
    if ('problem' in next) return report({ ...at, reason: `it cannot follow the order's history: ${next.problem}` });
    states.set(event.orderId, next);
    prevHash = hash;
    prevId = event.id;
  }

  const rows = new Map(input.projection.map((row) => [row.id, row]));
  for (const [orderId, state] of states) {
    const row = rows.get(orderId);
    if (!row) return report({ eventId: null, orderId, seq: state.version, reason: 'the order is missing from the listing table' });
    if (canonicalJson(comparable(row)) !== canonicalJson(comparable(state))) {
      return report({ eventId: null, orderId, seq: state.version, reason: 'the listing table disagrees with the log' });
    }
    rows.delete(orderId);
  }
  const [stray] = rows.keys();
  if (stray) return report({ eventId: null, orderId: stray, seq: null, reason: 'the listing table has an order the log does not know' });
  return report(null);
}

const comparable = (s: OrderState) => ({ ...s, placedAt: s.placedAt.getTime(), updatedAt: s.updatedAt.getTime() });
