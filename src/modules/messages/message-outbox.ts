import type { Page, Paged } from '../../shared/page.js';
import type { MessageState, OutgoingMessage } from './domain/messages.js';
import type { OrderEventType } from '../ordering/index.js';

/** A message in the outbox (order_messages). */
export type StoredMessage = OutgoingMessage & {
  id: string;
  orderId: string;
  eventSeq: number;
  eventType: OrderEventType;
  state: MessageState;
  /** Sending attempts begun so far (counted when the worker takes the message). */
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/**
 * The outbox of the messages about orders (issue 16), owned by messages. `enqueue` runs inside the
 * ordering transaction of the event that causes the messages; the rest is the worker's and the
 * admins' order page's, outside transactions.
 */
export type MessageOutbox = {
  /** The messages of one event, stored `pending` and due at once. */
  enqueue(event: { orderId: string; seq: number; type: OrderEventType; at: Date }, messages: readonly OutgoingMessage[]): Promise<void>;
  /**
   * Takes up to `limit` pending messages due at `now`, oldest due first: each one's attempt is
   * counted and its next_attempt_at moved to `leaseUntil`, so nobody else takes it meanwhile (on
   * PostgreSQL `FOR UPDATE SKIP LOCKED`: processes taking at the same time never take the same
   * message). A worker that dies while sending leaves it due again once the lease ends.
   */
  claimDue(now: Date, limit: number, leaseUntil: Date): Promise<StoredMessage[]>;
  /**
   * Records how the sends of one turn ended, all in one transaction: one commit for the turn
   * rather than one per message (each commit writes and syncs its pages: at a few hundred orders
   * a second, two messages each, those commits cost more CPU than the orders' own; issue 20).
   */
  settle(outcomes: readonly MessageOutcome[]): Promise<void>;
  /** One page of an order's messages, in the order of their events. */
  pageOf(orderId: string, page: Page): Promise<Paged<StoredMessage>>;
  /**
   * A message of the shop's own that no order caused (the daily SMS budget's alert; decision 048),
   * stored pending under `id` unless that id is stored already: false then (one alert a day).
   */
  enqueueOnce(id: string, message: OutgoingMessage, at: Date): Promise<boolean>;
  /** SMS held by a ceiling since `since` (a held message's next_attempt_at is when it was held). */
  heldSince(since: Date): Promise<number>;
};

/**
 * How one send ended: `sent`; `retry` (still pending, tried again at `nextAttemptAt`, unless the
 * message is no longer pending); `failed` for good.
 */
export type MessageOutcome =
  | { id: string; state: 'sent'; at: Date }
  | { id: string; state: 'retry'; error: string; nextAttemptAt: Date }
  | { id: string; state: 'failed'; error: string }
  | { id: string; state: 'held'; reason: string; at: Date };

/** The longest reason kept in last_error. */
export const maxErrorLength = 300;
export const boundedError = (error: string): string => (error.length <= maxErrorLength ? error : `${error.slice(0, maxErrorLength - 1)}…`);

/** The order id and event of the shop's own messages (no order's): never listed on an order's page. */
export const shopMessageOrderId = 'shop';

/** The outbox's id of a message: its order, its event and its place among the event's messages. */
export const messageId = (orderId: string, seq: number, n: number): string => `${orderId}.${seq}.${n}`;

/** The rows an event's messages are stored as, pending and due at once (both engines' stores). */
export const outboxRows = (event: Parameters<MessageOutbox['enqueue']>[0], messages: readonly OutgoingMessage[]) =>
  messages.map((m, n) => ({
    id: messageId(event.orderId, event.seq, n),
    orderId: event.orderId,
    eventSeq: event.seq,
    eventType: event.type,
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject,
    body: m.body,
    state: m.skip ? ('skipped' as const) : ('pending' as const),
    attempts: 0,
    nextAttemptAt: event.at,
    lastError: m.skip ?? null,
    createdAt: event.at,
    sentAt: null,
  }));
