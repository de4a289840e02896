import { checkHead, formatHead } from '../verify-audit-log.js';
import { genesisHash, headMac, keySwitchProof, type ChainKeying } from '../../ordering/index.js';
import type { LogHead, LogReader } from './log-reader.js';

/** How the chain recorded in the database and the AUDIT_KEY given fit together (decision 014). */
export type KeyingState =
  | { kind: 'plain' }
  | { kind: 'keyed'; keying: NonNullable<ChainKeying> }
  | { kind: 'key-missing'; keyedFrom: number }
  | { kind: 'wrong-key'; keyedFrom: number }
  | { kind: 'key-not-recorded' };

export async function keyingOf(head: LogHead, auditKey: string | undefined, reader: Pick<LogReader, 'hashOf'>): Promise<KeyingState> {
  if (head.keyedFrom === null) return auditKey ? { kind: 'key-not-recorded' } : { kind: 'plain' };
  if (!auditKey) return { kind: 'key-missing', keyedFrom: head.keyedFrom };
  const before = head.keyedFrom === 1 ? genesisHash : await reader.hashOf(head.keyedFrom - 1);
  if (before === null || head.keyProof !== keySwitchProof(auditKey, head.keyedFrom, before)) return { kind: 'wrong-key', keyedFrom: head.keyedFrom };
  return { kind: 'keyed', keying: { key: auditKey, keyedFrom: head.keyedFrom } };
}

/** Why a keying state cannot be verified (or started) as it is; null when it can. */
export function keyingProblem(state: KeyingState): string | null {
  switch (state.kind) {
    case 'plain':
    case 'keyed':
      return null;
    case 'key-missing':
      return `the order log is keyed with AUDIT_KEY from event ${state.keyedFrom} on: set AUDIT_KEY to the key the shop runs with (without it nothing can be checked, nor written)`;
    case 'wrong-key':
      return `AUDIT_KEY is not the key this order log is keyed with from event ${state.keyedFrom} on (or its key record was changed): use the shop's AUDIT_KEY`;
    case 'key-not-recorded':
      return 'AUDIT_KEY is set, but this order log is not keyed: the shop has not run with AUDIT_KEY yet (start the server once with it: it keys the chain from the next event on, decision 014), or its key record was removed';
  }
}

/** The head MAC, when the chain is keyed: a head rolled back without the key does not carry a valid one. */
export function headMacProblem(head: LogHead, keying: ChainKeying): string | null {
  if (!keying) return null;
  if (head.headMac !== headMac(keying.key, head)) return `the head (${formatHead(head)}) does not carry AUDIT_KEY's MAC: it was written without the key (rolled back or forged)`;
  return null;
}

export type OrderLogStart =
  | { ok: true; head: LogHead; keying: ChainKeying; keyedNow: number | null }
  | { ok: false; message: string };

const fixHint =
  'Check the log with `npm run audit:verify -- --expect-head <a head you kept>` (heads are printed at every start and backup); ' +
  'if it verifies, `npm run audit:verify -- --restore-triggers` puts the protections back, otherwise restore a backup (`npm run restore <file>`).';

/**
 * The order log's checks at start, all O(1) (decision 014): its protective triggers are there
 * unchanged, its head exists and names the last event, and AUDIT_KEY fits the key recorded. A
 * shop started with AUDIT_KEY on a log that is not keyed yet records "keyed from the next event"
 * here, with a proof only the key can make. Anything else refuses the start with a message and a
 * fix, rather than append to a chain that would not verify.
 */
/** What the start-up check reads and writes, inside one writing transaction that holds the log's head. */
export type StartIo = {
  reader: LogReader;
  /** The protective triggers missing or altered. */
  missingTriggers(): Promise<string[]>;
  /** Records "keyed from the next event" in the head row. */
  recordKey(keyedFrom: number, proof: string, mac: string): Promise<void>;
};

export async function startOrderLog(io: StartIo, auditKey: string | undefined): Promise<OrderLogStart> {
  const { reader } = io;
  const missing = await io.missingTriggers();
  if (missing.length) {
    return { ok: false, message: `The order log's append-only triggers are missing or altered (${missing.join(', ')}): the database was changed outside the shop. ${fixHint}` };
  }
  const head = await reader.head();
  if (!head) return { ok: false, message: `The order log's head row (order_log_head) is missing: the database was changed outside the shop. ${fixHint}` };
  const last = (await reader.lastEvent()) ?? { id: 0, hash: genesisHash };
  const off = checkHead(last, head);
  if (off) return { ok: false, message: `The order log does not match its head: ${off.reason}. ${fixHint}` };

  const state = await keyingOf(head, auditKey, reader);
  if (state.kind === 'key-not-recorded' && auditKey) {
    const keyedFrom = head.lastId + 1;
    const mac = headMac(auditKey, head);
    await io.recordKey(keyedFrom, keySwitchProof(auditKey, keyedFrom, head.lastHash), mac);
    return { ok: true, head: { ...head, keyedFrom, headMac: mac }, keying: { key: auditKey, keyedFrom }, keyedNow: keyedFrom };
  }
  const problem = keyingProblem(state);
  if (problem) return { ok: false, message: `Cannot start: ${problem}.` };
  const keying = state.kind === 'keyed' ? state.keying : null;
  const macProblem = headMacProblem(head, keying);
  if (macProblem) return { ok: false, message: `The order log's ${macProblem.replace(/^the /, '')}. ${fixHint}` };
  return { ok: true, head, keying, keyedNow: null };
}
