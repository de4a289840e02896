import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { Page, Paged } from '../../shared/page.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Actor } from '../ordering/index.js';
import type { BlockedPhone, BlockedPhoneStore } from './ports.js';

// The admins' phone blocklist (issue 16). The routes are admin-only; placing an order checks the
// list inside its unit of work (place-order.ts).

type Deps = { blockedPhones: BlockedPhoneStore; clock: Clock };

/** One page of the list, newest first. */
export const listBlockedPhones = (deps: Pick<Deps, 'blockedPhones'>, page: Page): Promise<Paged<BlockedPhone>> => deps.blockedPhones.page(page);

/** Lists a (normalised) number; a number listed already is a conflict, its first reason kept. */
export async function blockPhone(deps: Deps, admin: Actor, input: { phone: string; reason: string }): Promise<Result<BlockedPhone, AppError>> {
  const row: BlockedPhone = { phone: input.phone, reason: input.reason, createdAt: deps.clock.now(), createdBy: admin.email };
  if (!(await deps.blockedPhones.add(row))) return err(appError('ordering/phone-already-blocked', `${input.phone} is on the blocklist already.`));
  return ok(row);
}

export const blockedPhoneNotFound = () => appError('ordering/blocked-phone-not-found', 'This phone number is not on the blocklist.');

export async function unblockPhone(deps: Pick<Deps, 'blockedPhones'>, phone: string): Promise<Result<{ deletedCount: number }, AppError>> {
  const deletedCount = await deps.blockedPhones.remove(phone);
  return deletedCount ? ok({ deletedCount }) : err(blockedPhoneNotFound());
}
