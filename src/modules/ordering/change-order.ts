import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Clock } from '../../shared/clock.js';
import type { Actor, OrderCommand, OrderStatus } from './domain/order.js';
import { handleOrderCommand } from './handle-order-command.js';
import type { OrderingPorts, OrderingStores } from './ports.js';

/**
 * An ordering transaction: the stores bound to it, the log's head already taken (decision 024);
 * `stockChanged` once a change that gave stock back committed (decision 028).
 */
type Deps = { clock: Clock; transaction: <T>(work: (stores: OrderingStores) => Promise<T>) => Promise<T>; ports: Pick<OrderingPorts, 'stockChanged'> };

async function handleCommitted(deps: Deps, orderId: string, command: OrderCommand): Promise<Result<unknown, AppError>> {
  const result = await deps.transaction((stores) => handleOrderCommand({ ...stores, clock: deps.clock }, orderId, command));
  if (result.ok && result.value.stockMoved) deps.ports.stockChanged();
  return result;
}

/** Admin, PATCH: Pending -> Confirmed or Canceled. Pending is a status, but no command returns an order to it. */
export async function changeStatus(deps: Deps, actor: Actor, orderId: string, status: OrderStatus): Promise<Result<{ modifiedCount: number }, AppError>> {
  if (status === 'Pending') {
    return err(appError('ordering/illegal-transition', `Not allowed: an order can only be marked Confirmed or Canceled, not ${JSON.stringify(status).slice(0, 40)}.`));
  }
  const command = { type: status === 'Confirmed' ? 'ConfirmOrder' : 'CancelOrder', actor } as const;
  const result = await handleCommitted(deps, orderId, command);
  return result.ok ? ok({ modifiedCount: 1 }) : result;
}

/** DELETE: the owner cancels a Pending order; an admin deletes any order. Both leave the lists; the log keeps all. */
export async function removeOrder(deps: Deps, actor: Actor, orderId: string): Promise<Result<{ deletedCount: number }, AppError>> {
  const result = await handleCommitted(deps, orderId, { type: 'RemoveOrder', actor });
  return result.ok ? ok({ deletedCount: 1 }) : result;
}
