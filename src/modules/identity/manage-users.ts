import type { Page, Paged } from '../../shared/page.js';
import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import { toPublicUser, type PublicUser } from './domain/public-user.js';
import { deleteRefusal, normalizeEmail, type User } from './domain/user.js';
import type { UserStore } from './ports.js';

// The admin's user-management use cases: small, and always read together.

export const listUsers = async (deps: { users: UserStore }, page: Page): Promise<Paged<PublicUser>> => {
  const { items, total } = await deps.users.page(page);
  return { items: items.map(toPublicUser), total };
};

/** GET /api/users/admin/:email: one's own flag, or anyone's for an admin. */
export async function checkAdmin(deps: { users: UserStore }, caller: User, email: string): Promise<Result<{ admin: boolean }, AppError>> {
  const target = normalizeEmail(email);
  if (target !== caller.email && caller.role !== 'admin') {
    return err(appError('auth/forbidden', "You cannot look up another user's role."));
  }
  return ok({ admin: (await deps.users.byEmail(target))?.role === 'admin' });
}

export async function makeAdmin(deps: { users: UserStore }, id: string): Promise<Result<{ modifiedCount: number }, AppError>> {
  if (!(await deps.users.byId(id))) return err(appError('users/not-found', 'No such user.'));
  return ok({ modifiedCount: await deps.users.setRole(id, 'admin') });
}

export async function deleteUser(deps: { users: UserStore }, caller: User, id: string): Promise<Result<{ deletedCount: number }, AppError>> {
  const target = await deps.users.byId(id);
  if (!target) return err(appError('users/not-found', 'No such user.'));
  const refusal = deleteRefusal(caller, target, await deps.users.countAdmins());
  if (refusal === 'users/cannot-delete-self') return err(appError(refusal, 'You cannot delete your own account.'));
  if (refusal === 'users/last-admin') return err(appError(refusal, 'The last admin cannot be deleted.'));
  return ok({ deletedCount: await deps.users.delete(id) });
}
