import { checkHead, checkLink, compareProjection, foldOrders, verifyChain, type AuditProblem, type AuditReport, type ChainPoint, type ExpectedHead, type Rows } from '../verify-audit-log.js';
import { createStoredEventCheck, genesisHash, type ChainKeying } from '../../ordering/index.js';
import { headMacProblem, keyingOf, keyingProblem } from './log-guard.js';
import type { LogHead, LogReader, LogSnapshot } from './log-reader.js';

const headProblem = (reason: string): AuditProblem => ({ eventId: null, orderId: '', seq: null, reason });
const shownHead = (head: LogHead | null) => (head ? { eventCount: head.eventCount, lastHash: head.lastHash, keyedFrom: head.keyedFrom } : null);

export type AuditPass = 'chain' | 'events by order' | 'listing rows';
/** Told every 10,000 rows read (a long log's progress; the memory test samples the heap here). */
export type AuditProgress = (pass: AuditPass, rows: number) => void;

async function* countRows<T>(rows: Rows<T>, pass: AuditPass, progress: AuditProgress): AsyncGenerator<T> {
  let n = 0;
  for await (const row of rows) {
    yield row;
    if (++n % 10_000 === 0) progress(pass, n);
  }
}

/** As countRows, for a stream of pages: told at every 10,000th row all the same. */
async function* countPageRows<T>(pages: Rows<readonly T[]>, pass: AuditPass, progress: AuditProgress): AsyncGenerator<readonly T[]> {
  let n = 0;
  for await (const page of pages) {
    yield page;
    const before = n;
    n += page.length;
    for (let at = (Math.floor(before / 10_000) + 1) * 10_000; at <= n; at += 10_000) progress(pass, at);
  }
}

/** Pass 1's outcome: the report when it failed (nothing more to check), and the head it saw. */
export type ChainPassOutcome = { failed: AuditReport | null; eventCount: number; head: AuditReport['head'] };

const progressCounters = (progress?: AuditProgress) => ({
  counted: progress ? <T>(rows: Rows<T>, pass: AuditPass) => countRows(rows, pass, progress) : <T>(rows: Rows<T>) => rows,
  countedPages: progress ? <T>(pages: Rows<readonly T[]>, pass: AuditPass) => countPageRows(pages, pass, progress) : <T>(pages: Rows<readonly T[]>) => pages,
});

const reportOf = (head: AuditReport['head'], eventCount: number, orderCount: number, problem: AuditProblem | null): AuditReport => ({ verified: problem === null, eventCount, orderCount, problem, head });

/** Pass 1 on a reader: the head, the key, the chain from the genesis to the head (and an expected head), the head's MAC. */
async function chainPass(reader: LogReader, auditKey: string | undefined, expectHead: ExpectedHead | null, progress?: AuditProgress): Promise<ChainPassOutcome> {
  const head = await reader.head();
  const shown = shownHead(head);
  const fail = (eventCount: number, problem: AuditProblem): ChainPassOutcome => ({ failed: reportOf(shown, eventCount, 0, problem), eventCount, head: shown });
  if (!head && !(await reader.hasHeadTable())) {
    return fail(0, headProblem('this database predates the order log head (migration 0007): start the shop on it once, or restore it, so it is migrated, then verify'));
  }
  if (!head) return fail(0, headProblem("the order log's head row (order_log_head) is missing: it is written with every event, so it was removed"));
  const state = await keyingOf(head, auditKey, reader);
  const keyed = keyingProblem(state);
  if (keyed) return fail(0, headProblem(keyed));
  const keying: ChainKeying = state.kind === 'keyed' ? state.keying : null;

  const chain = await verifyChain({ pages: progressCounters(progress).countedPages(reader.storedEventPagesAfter(0), 'chain'), head, holdsItsHash: createStoredEventCheck(keying), genesis: genesisHash, expectHead });
  if (chain.problem) return fail(chain.eventCount, chain.problem);
  const mac = headMacProblem(head, keying);
  if (mac) return fail(chain.eventCount, headProblem(mac));
  return { failed: null, eventCount: chain.eventCount, head: shown };
}

/** Pass 2 on a reader: the events folded order by order, merged with the listing rows. */
function projectionPass(reader: LogReader, progress?: AuditProgress) {
  const { counted } = progressCounters(progress);
  return compareProjection(foldOrders(counted(reader.foldEventsByOrder(), 'events by order')), counted(reader.projectionById(), 'listing rows'));
}

/** Pass 1 alone, in a snapshot of its own (the chain worker's part, audit-chain-worker.ts). */
export const auditChain = (snapshot: LogSnapshot, auditKey: string | undefined, expectHead: ExpectedHead | null, progress?: AuditProgress) =>
  snapshot((reader) => chainPass(reader, auditKey, expectHead, progress));

/**
 * The full audit (`npm run audit:verify`, backup and restore checks), in one read snapshot and in
 * constant memory: pass 1 streams the log in id order (chain, head, key, an expected head), pass 2
 * streams it again grouped by order and merges the folded orders with the listing table, both
 * ascending by order id (decision 014).
 *
 * `chainElsewhere` (issue 20): pass 1 runs there (a worker thread with a connection of its own)
 * while pass 2 runs here, each in its own snapshot. Both snapshots must have seen the same head:
 * the head moves in every transaction that appends an event, and the listing changes only with an
 * event, so the same head is the same log and listing. When the shop wrote in between, the audit
 * runs again the plain way, in one snapshot.
 */
export async function auditOrderLog(
  snapshot: LogSnapshot,
  auditKey: string | undefined,
  expectHead: ExpectedHead | null = null,
  progress?: AuditProgress,
  chainElsewhere?: () => Promise<ChainPassOutcome>,
): Promise<AuditReport> {
  if (chainElsewhere) {
    const [chain, projection] = await Promise.all([
      chainElsewhere(),
      // A database pass 1 refuses (before the head's migration, say) may not have pass 2's columns either: its error waits for pass 1's verdict.
      snapshot(async (reader) => ({ head: shownHead(await reader.head()), ...(await projectionPass(reader, progress)) })).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))),
    ]);
    if (chain.failed) return chain.failed;
    if (projection instanceof Error) throw projection;
    if (sameHead(chain.head, projection.head)) return reportOf(chain.head, chain.eventCount, projection.orderCount, projection.problem);
  }
  return snapshot(async (reader): Promise<AuditReport> => {
    const chain = await chainPass(reader, auditKey, expectHead, progress);
    if (chain.failed) return chain.failed;
    const projection = await projectionPass(reader, progress);
    return reportOf(chain.head, chain.eventCount, projection.orderCount, projection.problem);
  });
}

const sameHead = (a: AuditReport['head'], b: AuditReport['head']) => a !== null && b !== null && a.eventCount === b.eventCount && a.lastHash === b.lastHash && a.keyedFrom === b.keyedFrom;

/**
 * GET /api/audit's check (decision 014): the chain is verified once from the genesis and then only
 * from the last event verified, which is remembered (one id and one hash). Each call also checks
 * that the remembered event still has its hash and that the head names the end of the chain, so
 * a tail removed or rewritten behind the server shows at once. A rewrite further back than the
 * remembered event, folding the orders and comparing the listing table are left to
 * `npm run audit:verify`, which reads everything. A problem, once found, is reported until a
 * restart (the log is append-only: it cannot heal).
 *
 * One call checks at most `sliceEvents` events, so a long log never blocks the server for long:
 * what is left is reported as `unchecked` (and `verified` stays false until it is 0), and
 * `catchUp()` goes on in the background, one slice per turn of the event loop, until the chain is
 * checked to its head, once per process (its cost is measured in docs/reliability.md).
 */
export function createIncrementalAudit(snapshot: LogSnapshot, keying: ChainKeying, options: { sliceEvents?: number | undefined; isOpen?: () => boolean } = {}) {
  const sliceEvents = options.sliceEvents ?? 4_000;
  const isOpen = options.isOpen ?? (() => true);
  const holdsItsHash = createStoredEventCheck(keying);
  let verified: ChainPoint = { id: 0, hash: genesisHash };
  let found: AuditProblem | null = null;
  let catchingUp = false;

  // One step at a time: the background catch-up and a request's call both move `verified`.
  let running: Promise<unknown> = Promise.resolve();
  const step = (): Promise<AuditReport> => {
    const run = running.then(stepOnce);
    running = run.catch(() => undefined);
    return run;
  };
  const stepOnce = (): Promise<AuditReport> =>
    snapshot(async (reader): Promise<AuditReport> => {
      const head = await reader.head();
      const report = (problem: AuditProblem | null, unchecked = 0): AuditReport => {
        found ??= problem;
        return { verified: found === null && unchecked === 0, eventCount: verified.id, orderCount: 0, problem: found, head: shownHead(head), unchecked: found ? 0 : unchecked };
      };
      if (found) return report(found);
      if (!head) return report(headProblem("the order log's head row (order_log_head) is missing"));
      if (verified.id > 0 && (await reader.hashOf(verified.id)) !== verified.hash) {
        return report({ eventId: verified.id, orderId: '', seq: null, reason: `event ${verified.id} was removed or rewritten after this server verified it` });
      }
      let checked = 0;
      for await (const page of reader.storedEventPagesAfter(verified.id)) {
        for (const event of page) {
          if (checked === sliceEvents) return report(null, Math.max(1, head.eventCount - verified.id));
          const problem = checkLink(verified, event, holdsItsHash);
          if (problem) return report(problem);
          verified = { id: event.id, hash: event.hash };
          checked += 1;
        }
      }
      const problem = checkHead(verified, head);
      if (problem) return report(problem);
      const mac = headMacProblem(head, keying);
      return report(mac ? headProblem(mac) : null);
    });

  /** Checks the rest of the chain one slice per event-loop turn; stops when done, on a problem or a closed database. */
  const catchUp = () => {
    if (catchingUp) return;
    catchingUp = true;
    const next = async () => {
      try {
        if (!isOpen() || ((await step()).unchecked ?? 0) === 0) {
          catchingUp = false;
          return;
        }
      } catch {
        catchingUp = false; // the database went away (shutdown): the next call starts again
        return;
      }
      setImmediate(() => void next());
    };
    setImmediate(() => void next());
  };

  return async (): Promise<AuditReport> => {
    const report = await step();
    if ((report.unchecked ?? 0) > 0) catchUp();
    return report;
  };
}
