import type { Clock } from '../../shared/clock.js';
import type { AppError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { decide, evolve, fold, initialState, isParcelEvent, stockReturnedBy, stockToReturn, type OrderCommand, type OrderEvent, type OrderState } from './domain/order.js';
import type { OrderChange, OrderChanged, OrderingTxPorts, OrderLog, OrderProjection } from './ports.js';

/** The log, the listing (read), the in-transaction handlers and the catalogue's stock bound to the caller's transaction, and the clock. */
export type OrderCommandDeps = { log: OrderLog; projection: Pick<OrderProjection, 'byId'>; changed: OrderChanged; ports: Pick<OrderingTxPorts, 'giveBackStock'>; clock: Clock };

/** What one command did: the order now, and whether it gave stock back. */
export type Handled = { order: OrderState; stockMoved: boolean; appended: number };

/**
 * The one command path, placing included: the order's state is folded from its log (the log is
 * the truth), decide() answers the events or a refusal, and the events are appended and handed to
 * the in-transaction handlers (the listing row, the sales, the messages each one sends: decision
 * 050), all inside the caller's transaction (which took the log's head first).
 */
export async function handleOrderCommand(deps: OrderCommandDeps, orderId: string, command: OrderCommand): Promise<Result<Handled, AppError>> {
  // A PlaceOrder names an id just drawn, which has no events: reading them would cost a query per order.
  const state = command.type === 'PlaceOrder' ? initialState : await currentOrder(deps, orderId);
  const decided = decide(state, command);
  if (!decided.ok) return decided;
  // A courier's report that moves nothing (repeated, out of order) decides no event: nothing is written.
  if (decided.value.length === 0 && state !== null) return ok({ order: state, stockMoved: false, appended: 0 });
  const at = deps.clock.now();
  let next = state;
  let stockMoved = false;
  const events: Array<OrderChange['events'][number]> = [];
  for (const decidedEvent of decided.value) {
    const event = await withStockReturned(deps, next, decidedEvent);
    stockMoved ||= stockReturnedBy(event).length > 0;
    const stored = await deps.log.append({ ...event, orderId, seq: (next?.version ?? 0) + 1, actor: command.actor, at });
    next = evolve(next, stored);
    events.push({ event: stored, order: next });
  }
  if (next === null) throw new Error(`${command.type} on order ${orderId} produced no event`);
  await deps.changed({ before: state, after: next, events });
  return ok({ order: next, stockMoved, appended: events.length });
}

/**
 * A Pending order canceled or deleted gives its stock back in the event's transaction, and the
 * event records what came back (decision 028); decide() stays pure and names only the event.
 */
async function withStockReturned(deps: OrderCommandDeps, state: OrderState | null, event: OrderEvent): Promise<OrderEvent> {
  if (event.type === 'Placed' || event.type === 'Imported') return event;
  // A parcel received back (issue 34): the lines decide() counted, and the event records those whose variant still exists.
  // A hold that lapsed (issue 35): all the order took.
  if (event.type === 'PaymentExpired') return { ...event, payload: { stockReturned: event.payload.stockReturned.length ? await deps.ports.giveBackStock(event.payload.stockReturned) : [] } };
  // An edit's stock was taken and given back before it was decided (edit-order.ts).
  if (event.type === 'AdvancePaid' || event.type === 'AdvanceRefunded' || event.type === 'Edited') return event;
  if (event.type === 'ReturnReceived') return { ...event, payload: { stockReturned: event.payload.stockReturned.length ? await deps.ports.giveBackStock(event.payload.stockReturned) : [] } };
  if (isParcelEvent(event)) return event;
  const lines = stockToReturn(state, event.type);
  if (lines.length === 0) return event;
  return { ...event, payload: { ...event.payload, stockReturned: await deps.ports.giveBackStock(lines) } };
}

/** The order as its log folds now (the listing's number for orders placed before numbers existed); null before it was placed. */
export async function currentOrder(deps: Pick<OrderCommandDeps, 'log' | 'projection'>, orderId: string): Promise<OrderState | null> {
  const state = fold(await deps.log.eventsOf(orderId));
  if (state !== null && 'problem' in state) throw new Error(`order ${orderId} has a corrupt log: ${state.problem}`);
  // Orders placed before numbers existed: the listing holds the number the migration gave them.
  if (state !== null && state.placed.orderNumber === undefined) {
    const listed = (await deps.projection.byId(orderId))?.placed.orderNumber;
    if (listed !== undefined) return { ...state, placed: { ...state.placed, orderNumber: listed } };
  }
  return state;
}
