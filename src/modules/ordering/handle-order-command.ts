import type { Clock } from '../../shared/clock.js';
import type { AppError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { decide, evolve, fold, initialState, type OrderCommand, type OrderState } from './domain/order.js';
import type { OrderLog, OrderProjection } from './ports.js';

/** The log and the listing bound to the caller's transaction, and the clock. */
export type OrderCommandDeps = { log: OrderLog; projection: OrderProjection; clock: Clock };

/**
 * The one command path, placing included: the order's state is folded from its log (the log is
 * the truth), decide() answers the events or a refusal, and the events and the listing row are
 * written together, inside the caller's transaction (which took the log's head first).
 */
export async function handleOrderCommand(deps: OrderCommandDeps, orderId: string, command: OrderCommand): Promise<Result<OrderState, AppError>> {
  // A PlaceOrder names an id just drawn, which has no events: reading them would cost a query per order.
  const state = command.type === 'PlaceOrder' ? initialState : await current(deps.log, orderId);
  const decided = decide(state, command);
  if (!decided.ok) return decided;
  const at = deps.clock.now();
  let next = state;
  for (const event of decided.value) {
    next = evolve(next, await deps.log.append({ ...event, orderId, seq: (next?.version ?? 0) + 1, actor: command.actor, at }));
  }
  if (next === null) throw new Error(`${command.type} on order ${orderId} produced no event`);
  await deps.projection.save(next);
  return ok(next);
}

async function current(log: OrderLog, orderId: string): Promise<OrderState | null> {
  const state = fold(await log.eventsOf(orderId));
  if (state !== null && 'problem' in state) throw new Error(`order ${orderId} has a corrupt log: ${state.problem}`);
  return state;
}
