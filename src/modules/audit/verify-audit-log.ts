import { canonicalJson, formatHead, replay, type ImportedSnapshot, type OrderState, type RecordedEvent, type StoredEvent } from '../ordering/index.js';

/** `eventId` null: not one event (an order's listing row, the head). `orderId` '' when no order is concerned. */
export type AuditProblem = { eventId: number | null; orderId: string; seq: number | null; reason: string };
export type AuditReport = {
  verified: boolean;
  eventCount: number;
  orderCount: number;
  problem: AuditProblem | null;
  /** The head as recorded in the database (count:last hash), for an auditor to keep; null when missing. */
  head: { eventCount: number; lastHash: string; keyedFrom: number | null } | null;
  /** Events not checked yet (GET /api/audit checks a long log in slices); 0 for a full audit. */
  unchecked?: number;
};

/** Rows as the audit reads them: streamed from a database (asynchronously, in pages or by cursor) or a plain list. */
export type Rows<T> = AsyncIterable<T> | Iterable<T>;

/** A point of the chain: the last event checked (id 0 and the genesis hash before the first). */
export type ChainPoint = { id: number; hash: string };

/** The head as the chain check needs it. */
export type HeadRecord = { eventCount: number; lastId: number; lastHash: string };

/** A head an auditor kept: the hash of an event, and optionally its position (the count then). */
export type ExpectedHead = { hash: string; count: number | null };

/** `count:hash`, the way heads are printed (ordering's, which prints it in the start-up log too). */
export { formatHead };

/** A head for people: `head 12:ab..., keyed from event 5` (the full hash: it is what an auditor keeps). */
export const describeHead = (head: AuditReport['head']) =>
  head ? `head ${formatHead(head)}, ${head.keyedFrom === null ? 'not keyed' : `keyed from event ${head.keyedFrom}`}` : 'no head';

/** Where and what the first problem is, as the CLIs print it: `event 3 (order X, seq 1): reason`. */
export function describeAuditProblem(p: AuditProblem | null): string {
  if (!p) return 'no problem';
  if (p.eventId !== null) return `event ${p.eventId}${p.orderId ? ` (order ${p.orderId}, seq ${p.seq})` : ''}: ${p.reason}`;
  if (p.orderId) return `order ${p.orderId}: ${p.reason}`;
  return `the log's head: ${p.reason}`;
}

/** Parses `--expect-head` (`hash` or `count:hash`); null when it is neither. */
export function parseExpectedHead(text: string): ExpectedHead | null {
  const match = /^(?:(\d{1,15}):)?([0-9a-f]{64})$/.exec(text.trim().toLowerCase());
  if (!match?.[2]) return null;
  return { hash: match[2], count: match[1] === undefined ? null : Number(match[1]) };
}

/** A head kept outside the database (decision 049): by the witness file, beside a backup; `at` when it was written. */
export type WitnessedHead = { eventCount: number; lastHash: string; at: string | null };

/**
 * The database's head against a witness: the database must hold the witnessed event, with the
 * witnessed hash (`hashAtWitnessed`: its event number `eventCount`'s hash, null when it has none).
 * A database behind it lost acknowledged events (a cut WAL, a copied-back file, a rewound head);
 * one with another hash there took another history since. Null when it is at or past the witness.
 */
export function witnessProblem(witnessed: { eventCount: number; lastHash: string; at?: string | null }, head: { eventCount: number; lastHash: string }, hashAtWitnessed: string | null): string | null {
  if (witnessed.eventCount === 0) return null;
  const saw = `the witness saw event ${witnessed.eventCount} (hash ${witnessed.lastHash.slice(0, 16)}...${witnessed.at ? `, at ${witnessed.at}` : ''})`;
  if (head.eventCount < witnessed.eventCount) return `${saw}, but the database's log ends at event ${head.eventCount}: it was rolled back and lost ${witnessed.eventCount - head.eventCount} acknowledged event(s)`;
  const hash = head.eventCount === witnessed.eventCount ? head.lastHash : hashAtWitnessed;
  if (hash !== witnessed.lastHash) return `${saw}, but the database's event ${witnessed.eventCount} has another hash (${(hash ?? 'none').slice(0, 16)}...): its log was rolled back and rewritten since`;
  return null;
}

/** What the chain check reads of an event: where it is, its link, its hash (and whatever its content check needs). */
export type ChainEvent = { id: number; orderId: string; seq: number; prevHash: string; hash: string };

/** A content check from a hash function: the event's hash is the hash of all the rest of it. */
export const hashMatches =
  (hashOf: (e: Omit<StoredEvent, 'hash'>) => string) =>
  ({ hash, ...content }: StoredEvent): boolean =>
    hashOf(content) === hash;

/**
 * Checks one event against the point before it: ids dense and in order, the link to the previous
 * hash, and the event's own hash (`holdsItsHash`: its content hashes to it). Null when it is sound.
 */
export function checkLink<E extends ChainEvent>(prev: ChainPoint, event: E, holdsItsHash: (e: E) => boolean): AuditProblem | null {
  const at = { eventId: event.id, orderId: event.orderId, seq: event.seq };
  if (event.id !== prev.id + 1) return { ...at, reason: `event id ${event.id} follows ${prev.id}: an event is missing or out of order` };
  if (event.prevHash !== prev.hash) return { ...at, reason: 'its link to the previous event is broken (an event was removed, inserted or reordered)' };
  if (!holdsItsHash(event)) return { ...at, reason: 'its content does not match its hash (the event was edited)' };
  return null;
}

/**
 * The head against where the chain ends. Removing the last events (and rolling the listing table
 * back) leaves a chain that is sound on its own: only the head, written with every event in the
 * same transaction, shows that it used to go further.
 */
export function checkHead(end: ChainPoint, head: HeadRecord): AuditProblem | null {
  const short = (h: string) => h.slice(0, 16);
  const recorded = `its head records ${head.eventCount} events ending at event ${head.lastId} (hash ${short(head.lastHash)}...)`;
  if (end.id < head.lastId) {
    return { eventId: end.id + 1, orderId: '', seq: null, reason: `the log ends at event ${end.id}, but ${recorded}: the events after ${end.id} were removed` };
  }
  if (end.id > head.lastId) {
    return { eventId: head.lastId + 1, orderId: '', seq: null, reason: `the log goes on to event ${end.id}, but ${recorded}: events were added behind the shop's back, or the head was rolled back` };
  }
  if (end.hash !== head.lastHash) {
    return { eventId: end.id, orderId: '', seq: null, reason: `the last event's hash is not the one ${recorded}: the last event was replaced, or the head was changed` };
  }
  if (head.eventCount !== head.lastId) {
    return { eventId: null, orderId: '', seq: null, reason: `${recorded}: the count and the last id disagree (the head was changed)` };
  }
  return null;
}

/**
 * Pass 1, in log order, one event (or one page of events) in memory at a time: the chain from the
 * genesis to its end, the head, and (when given) a head an auditor kept, which must be an event
 * of this chain: a copy truncated before it, or rewritten since, fails. `pages` instead of
 * `events`: the same in pages, so a long log is not one promise per event (issue 20).
 */
export async function verifyChain<E extends ChainEvent = StoredEvent>(
  input: { head: HeadRecord; genesis: string; expectHead?: ExpectedHead | null } & ({ events: Rows<E> } | { pages: Rows<readonly E[]> }) &
    ({ hash: (e: Omit<StoredEvent, 'hash'>) => string } | { holdsItsHash: (e: E) => boolean }),
): Promise<{ eventCount: number; end: ChainPoint; problem: AuditProblem | null }> {
  let prev: ChainPoint = { id: 0, hash: input.genesis };
  let expectedSeen = false;
  const expect = input.expectHead ?? null;
  const holdsItsHash = 'holdsItsHash' in input ? input.holdsItsHash : (hashMatches(input.hash) as unknown as (e: E) => boolean);
  type Outcome = { eventCount: number; end: ChainPoint; problem: AuditProblem | null };
  const step = (event: E): Outcome | null => {
    const problem = checkLink(prev, event, holdsItsHash);
    if (problem) return { eventCount: prev.id, end: prev, problem };
    if (expect && event.hash === expect.hash) {
      if (expect.count !== null && expect.count !== event.id) {
        return { eventCount: event.id, end: prev, problem: { eventId: event.id, orderId: event.orderId, seq: event.seq, reason: `the expected head's hash is event ${event.id}'s, not event ${expect.count}'s` } };
      }
      expectedSeen = true;
    } else if (expect && expect.count === event.id) {
      return {
        eventCount: event.id,
        end: prev,
        problem: { eventId: event.id, orderId: event.orderId, seq: event.seq, reason: `its hash is not the expected head's (${expect.hash.slice(0, 16)}...): the log was rewritten from here or before` },
      };
    }
    prev = { id: event.id, hash: event.hash };
    return null;
  };
  if ('pages' in input) {
    for await (const page of input.pages) {
      for (const event of page) {
        const failed = step(event);
        if (failed) return failed;
      }
    }
  } else {
    for await (const event of input.events) {
      const failed = step(event);
      if (failed) return failed;
    }
  }
  const problem = checkHead(prev, input.head);
  if (problem) return { eventCount: prev.id, end: prev, problem };
  if (expect && !expectedSeen) {
    return {
      eventCount: prev.id,
      end: prev,
      problem: {
        eventId: expect.count ?? null,
        orderId: '',
        seq: null,
        reason: `the expected head ${expect.count ?? '?'}:${expect.hash.slice(0, 16)}... is not in this log, which ends at event ${prev.id}: it was truncated before that head, or rewritten`,
      },
    };
  }
  return { eventCount: prev.id, end: prev, problem: null };
}

/** One order folded from its events, or the first event that cannot follow its history. */
export type FoldedOrder = { state: OrderState } | { problem: AuditProblem };

/**
 * What the fold reads of an event. Not its actor: neither the structure check nor evolve reads it
 * (the chain pass checked it with the rest of the event), so the audit's second pass does not read
 * it either (issue 20).
 */
export type FoldEvent = StoredEvent extends infer E ? (E extends StoredEvent ? Omit<E, 'actor' | 'prevHash' | 'hash'> : never) : never;

/**
 * Pass 2's first half: events grouped by order (ascending order id, each order's by seq) are
 * folded one order at a time, so only the current order's state is held.
 */
export async function* foldOrders(eventsByOrder: Rows<FoldEvent>): AsyncGenerator<FoldedOrder> {
  let state: OrderState | null = null;
  for await (const event of eventsByOrder) {
    if (state && event.orderId !== state.id) {
      yield { state };
      state = null;
    }
    const next = replay(state, event as unknown as RecordedEvent); // no actor: see FoldEvent
    if ('problem' in next) {
      // The audit stops at the first problem: nothing after it is folded.
      yield { problem: { eventId: event.id, orderId: event.orderId, seq: event.seq, reason: `it cannot follow the order's history: ${next.problem}` } };
      return;
    }
    state = next;
  }
  if (state) yield { state };
}

/**
 * Order of SQLite's BINARY collation on text (and PostgreSQL's in a locale C database, decision
 * 022): UTF-8 byte order, which is code point order. JS `<`
 * compares UTF-16 units, which differs for characters past U+FFFF against U+E000-U+FFFF; the
 * fix-up below (as in ICU's code point order for UTF-16) moves surrogates above them.
 */
export function compareIds(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x += x >= 0xe000 ? -0x800 : 0x2000;
      y += y >= 0xe000 ? -0x800 : 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/**
 * Pass 2's merge: the folded orders and the listing rows, both ascending by id, walked side by
 * side like a merge join, so neither side is held in memory. The first difference is the problem:
 * an order the listing lacks, a row the log does not explain, or a row that disagrees.
 */
export async function compareProjection(folded: Rows<FoldedOrder>, rows: Rows<OrderState>): Promise<{ orderCount: number; problem: AuditProblem | null }> {
  const rowIt = iteratorOf(rows);
  try {
    return await mergeRows(folded, rowIt);
  } finally {
    // An early answer must still close the rows' iterator (a database cursor keeps its connection busy).
    await rowIt.return?.();
  }
}

const iteratorOf = <T>(rows: Rows<T>): AsyncIterator<T> | Iterator<T> => (Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]());

async function mergeRows(folded: Rows<FoldedOrder>, rowIt: AsyncIterator<OrderState> | Iterator<OrderState>): Promise<{ orderCount: number; problem: AuditProblem | null }> {
  let row = await rowIt.next();
  let orderCount = 0;
  for await (const item of folded) {
    if ('problem' in item) return { orderCount, problem: item.problem };
    const { state } = item;
    orderCount++;
    if (!row.done && compareIds(row.value.id, state.id) < 0) {
      return { orderCount, problem: { eventId: null, orderId: row.value.id, seq: null, reason: 'the listing table has an order the log does not know' } };
    }
    if (row.done || row.value.id !== state.id) {
      return { orderCount, problem: { eventId: null, orderId: state.id, seq: state.version, reason: 'the order is missing from the listing table' } };
    }
    // An order placed before numbers existed has its number in the listing only (decision 030).
    const listed = state.placed.orderNumber === undefined ? withoutNumber(row.value) : row.value;
    if (!sameJson(comparable(listed), comparable(state))) {
      return { orderCount, problem: { eventId: null, orderId: state.id, seq: state.version, reason: 'the listing table disagrees with the log' } };
    }
    row = await rowIt.next();
  }
  if (!row.done) return { orderCount, problem: { eventId: null, orderId: row.value.id, seq: null, reason: 'the listing table has an order the log does not know' } };
  return { orderCount, problem: null };
}

/**
 * `canonicalJson(a) === canonicalJson(b)` without writing either text (the listing check ran it
 * twice per order; issue 20): objects equal as sets of keys whose values are not undefined,
 * arrays element by element, anything else as its JSON.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return canonicalJson(a) === canonicalJson(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key) || x[key] === undefined) continue;
    if (!Object.hasOwn(y, key) || !sameJson(x[key], y[key])) return false;
    keys++;
  }
  for (const key in y) if (Object.hasOwn(y, key) && y[key] !== undefined) keys--;
  return keys === 0;
}

const withoutNumber = (s: OrderState): OrderState => {
  const { orderNumber: _onlyInTheListing, ...placed } = s.placed;
  return { ...s, placed };
};

/** What the listing holds: all of the state but the stock the order took (decision 028) and the demo mark (issue 17), which only its log keeps. */
const comparable = (s: OrderState) => {
  // An imported order's record of the old shop (decision 041) is the log's alone, like the stock it took.
  const { stockTaken: _onlyInTheLog, demo: _markedInTheLog, imported: _importedInTheLog, ...placed } = s.placed as ImportedSnapshot;
  return { ...s, placed, placedAt: s.placedAt.getTime(), updatedAt: s.updatedAt.getTime(), canceledAt: s.canceledAt?.getTime() ?? null };
};
