import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Actor, OrderStatus } from './domain/order.js';
import { handleOrderCommand, type OrderCommandDeps } from './handle-order-command.js';

type Deps = OrderCommandDeps & { transaction: <T>(fn: () => T) => T };

/** Admin, PATCH: Pending -> Confirmed or Canceled. Pending is a status, but no command returns an order to it. */
export function changeStatus(deps: Deps, actor: Actor, orderId: string, status: OrderStatus): Result<{ modifiedCount: number }, AppError> {
  if (status === 'Pending') {
    return err(appError('ordering/illegal-transition', `Not allowed: an order can only be marked Confirmed or Canceled, not ${JSON.stringify(status).slice(0, 40)}.`));
  }
  const result = deps.transaction(() => handleOrderCommand(deps, orderId, { type: status === 'Confirmed' ? 'ConfirmOrder' : 'CancelOrder', actor }));
  return result.ok ? ok({ modifiedCount: 1 }) : result;
}

/** DELETE: the owner cancels a Pending order; an admin deletes any order. Both leave the lists; the log keeps all. */
export function removeOrder(deps: Deps, actor: Actor, orderId: string): Result<{ deletedCount: number }, AppError> {
  const result = deps.transaction(() => handleOrderCommand(deps, orderId, { type: 'RemoveOrder', actor }));
  return result.ok ? ok({ deletedCount: 1 }) : result;
}
