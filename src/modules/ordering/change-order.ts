import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import { apply, decide, fold, type Actor, type OrderEventType } from './domain/order.js';
import type { OrderLog, OrderProjection } from './ports.js';

type Deps = { log: OrderLog; projection: OrderProjection; clock: Clock; transaction: <T>(fn: () => T) => T };

const notFound = () => appError('ordering/order-not-found', 'This order does not exist (any more).');

/**
 * Applies one command to an order: the state is folded from its events (the log is the truth),
 * the decision is the domain's, and the new event and its projection are written together.
 */
function command(deps: Deps, orderId: string, type: Exclude<OrderEventType, 'Placed'>, actor: Actor): Result<{ count: number }, AppError> {
  return deps.transaction(() => {
    const state = fold(deps.log.eventsOf(orderId));
    if (state === null) return err(notFound());
    if ('problem' in state) throw new Error(`order ${orderId} has a corrupt log: ${state.problem}`);
    // Someone else's order is answered as if it did not exist.
    if (actor.role !== 'admin' && state.placed.owner.userId !== actor.userId) return err(notFound());
    const decision = decide(state, type, actor.role);
    if (!decision.ok) {
      return err(decision.code === 'ordering/order-not-found' ? notFound() : appError(decision.code, `Not allowed: ${decision.reason}.`));
    }
    const event = deps.log.append({ type, payload: {}, orderId, seq: state.version + 1, actor, at: deps.clock.now() } as Parameters<OrderLog['append']>[0]);
    const next = apply(state, event);
    if ('problem' in next) throw new Error(next.problem);
    deps.projection.save(next);
    return ok({ count: 1 });
  });
}

/** Admin: Pending -> Confirmed or Canceled. */
export function changeStatus(deps: Deps, actor: Actor, orderId: string, status: 'Confirmed' | 'Canceled'): Result<{ modifiedCount: number }, AppError> {
  const result = command(deps, orderId, status, actor);
  return result.ok ? ok({ modifiedCount: result.value.count }) : result;
}

/** DELETE: the owner cancels a Pending order; an admin deletes any order. Both leave the lists; the log keeps all. */
export function removeOrder(deps: Deps, actor: Actor, orderId: string): Result<{ deletedCount: number }, AppError> {
  const result = command(deps, orderId, actor.role === 'admin' ? 'Deleted' : 'CanceledByCustomer', actor);
  return result.ok ? ok({ deletedCount: result.value.count }) : result;
}
