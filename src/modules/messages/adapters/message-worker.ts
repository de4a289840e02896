import type { Logger } from '../../../platform/logger.js';
import type { Mailer } from '../../../platform/mailer/mailer.js';
import { shortReason, type SmsSender } from '../../../platform/notifier/sms-sender.js';
import { createPollingLoop } from '../../../platform/polling-loop.js';
import { escapeHtml } from '../../../shared/escape-html.js';
import type { Clock } from '../../../shared/clock.js';
import type { MessageOutbox, MessageOutcome, StoredMessage } from '../message-outbox.js';

type MessageWorkerOptions = {
  outbox: MessageOutbox;
  sms: SmsSender;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** How often the outbox is looked at when the last look found less than a full batch. */
  pollMs?: number;
  /** Messages taken per turn; their marks are stored in one transaction at the turn's end. */
  batch?: number;
  /** Sends under way at once within a turn (a gateway sees at most this many requests). */
  concurrency?: number;
  /** A message that failed this many attempts is given up: `failed`. */
  maxAttempts?: number;
  /** The wait after the first failed attempt, doubled after each next one, up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How long a taken message is held for its sender: longer than a send can last. */
  leaseMs?: number;
  /**
   * The SMS ceilings (issue 40, decision 048): asked once a turn with the turn's SMS, answers the
   * ones not to send and why; those are stored `held`, never tried again. Unset: every SMS goes.
   */
  holdOverCeilings?: (texts: readonly StoredMessage[]) => Promise<ReadonlyMap<string, string>>;
};

/** What one turn did: messages taken, and how each ended. */
export type WorkerTurn = { taken: number; sent: number; retried: number; failed: number; held: number };

/** The wait before attempt n+1 after attempt n failed: firstRetryMs x 2^(n-1), capped. */
export const retryDelayMs = (attempts: number, firstRetryMs = 30_000, maxRetryMs = 60 * 60_000): number =>
  Math.min(maxRetryMs, firstRetryMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));

/**
 * Sends the outbox (issue 16), apart from any order: it takes a bounded batch of due messages,
 * sends them by SMS or email, and marks each sent, due again later (exponential back-off) or, after
 * maxAttempts, failed. A gateway that is down or slow only delays messages; nothing here is in an
 * order's path, and nothing it meets (a send, the database) escapes its loop. Delivery is at least
 * once: a process that dies between a send and its mark sends that message again after the lease.
 */
export function createMessageWorker(options: MessageWorkerOptions) {
  const { outbox, sms, mailer, clock, logger } = options;
  const pollMs = options.pollMs ?? 5_000;
  // Each turn costs two commits (its claim and its marks): 50 a turn keeps them at 1 per 25
  // messages, while the gateways see at most `concurrency` sends at once.
  const batch = Math.max(1, options.batch ?? 50);
  const concurrency = Math.max(1, options.concurrency ?? 10);
  const maxAttempts = Math.max(1, options.maxAttempts ?? 8);
  const firstRetryMs = options.firstRetryMs ?? 30_000;
  const maxRetryMs = options.maxRetryMs ?? 60 * 60_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;


  async function deliver(message: StoredMessage): Promise<void> {
    if (message.channel === 'sms') return sms.send(message.recipient, message.body);
    const subject = message.subject ?? '';
    await mailer.send({ to: message.recipient, subject, text: message.body, html: textToHtml(message.body) });
  }

  /** How a send ended, counted in the turn and logged; stored with the turn's others in settle(). */
  function outcomeOf(message: StoredMessage, error: unknown, turn: WorkerTurn): MessageOutcome {
    if (error === undefined) {
      turn.sent++;
      return { id: message.id, state: 'sent', at: clock.now() };
    }
    const reason = reasonOf(error);
    if (message.attempts >= maxAttempts) {
      turn.failed++;
      logger.warn('order message failed for good', { messageId: message.id, channel: message.channel, attempts: message.attempts, reason });
      return { id: message.id, state: 'failed', error: reason };
    }
    turn.retried++;
    logger.info('order message not sent, will retry', { messageId: message.id, channel: message.channel, attempts: message.attempts, reason });
    return { id: message.id, state: 'retry', error: reason, nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(message.attempts, firstRetryMs, maxRetryMs)) };
  }

  async function turnOnce(): Promise<WorkerTurn> {
    const turn: WorkerTurn = { taken: 0, sent: 0, retried: 0, failed: 0, held: 0 };
    const now = clock.now();
    const claimed = await outbox.claimDue(now, batch, new Date(now.getTime() + leaseMs));
    turn.taken = claimed.length;
    const outcomes: MessageOutcome[] = [];
    const texts = claimed.filter((m) => m.channel === 'sms');
    let taken = claimed;
    if (options.holdOverCeilings && texts.length > 0) {
      try {
        const held = await options.holdOverCeilings(texts);
        for (const [id, reason] of held) {
          turn.held++;
          outcomes.push({ id, state: 'held', reason, at: now });
        }
        if (held.size > 0) logger.warn('order SMS held by a ceiling', { messageIds: [...held.keys()], reasons: [...new Set(held.values())] });
        taken = claimed.filter((m) => !held.has(m.id));
      } catch (e) {
        // The ceilings could not be counted: no SMS goes this turn; their lease runs out and they are taken again.
        logger.error('order SMS: the ceilings could not be counted', { reason: reasonOf(e) });
        taken = claimed.filter((m) => m.channel !== 'sms');
      }
    }
    // No send starts after half the lease (slow gateways, each send bounded by its timeout): the
    // ones not begun are taken again when their lease ends, never while another send may run.
    const startBy = now.getTime() + leaseMs / 2;
    let next = 0;
    const sender = async () => {
      while (next < taken.length && clock.now().getTime() < startBy) {
        const message = taken[next++]!;
        let error: unknown;
        try {
          await deliver(message);
        } catch (e) {
          error = e ?? new Error('unknown failure');
        }
        outcomes.push(outcomeOf(message, error, turn));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, taken.length) }, sender));
    if (outcomes.length === 0) return turn;
    try {
      await outbox.settle(outcomes);
    } catch (e) {
      // The database refused the marks: the lease runs out and the messages are taken again.
      logger.error('order messages could not be marked', { messageIds: outcomes.map((o) => o.id), reason: reasonOf(e) });
    }
    return turn;
  }

  const loop = createPollingLoop<WorkerTurn>({
    pollMs,
    turn: turnOnce,
    empty: () => ({ taken: 0, sent: 0, retried: 0, failed: 0, held: 0 }),
    again: (turn) => turn.taken === batch,
    onError: (e) => logger.error('order messages: a turn failed', { reason: reasonOf(e) }),
  });
  /** runOnce: one turn now, never rejects. stop: the turn under way ends (its sends are bounded by their timeouts). */
  return loop;
}

const reasonOf = (error: unknown): string => shortReason(error instanceof Error ? error.message : String(error)) || 'unknown failure';

/** The email's HTML part: the same text, escaped, a paragraph per blank-line block. */
export const textToHtml = (text: string): string =>
  text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
