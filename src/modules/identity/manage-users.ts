import type { Page, Paged } from '../../shared/page.js';
import { appError, type AppError } from '../../shared/errors.js';
import { roleCan } from '../../shared/permissions.js';
import { err, ok, type Result } from '../../shared/result.js';
import { toPublicUser, type PublicUser } from './domain/public-user.js';
import { deleteRefusal, normalizeEmail, type Role, type User } from './domain/user.js';
import type { UserSearch, UserStore } from './ports.js';

// The admin's user-management use cases: small, and always read together.

/** The phone numbers' owners for the admins' search: users who placed orders with a phone containing these digits (at most a bounded number). */
export type UsersByPhone = (digits: string) => Promise<readonly string[]>;

/** The longest search text (GET /api/users?q=). */
export const maxUserSearchLength = 100;

/**
 * The admins' list of users, newest first, a page at a time; with `q` (issue 33), those whose
 * name or email contains it, or, when it reads as 3 or more digits of a phone number (Bengali
 * digits already ASCII; spaces, dashes and a leading + ignored), who ordered with such a phone.
 */
export const listUsers = async (deps: { users: UserStore; usersByPhone?: UsersByPhone | undefined }, page: Page, q?: string): Promise<Paged<PublicUser>> => {
  const text = q?.trim() ?? '';
  let search: UserSearch | undefined;
  if (text) {
    const digits = text.replace(/[\s-]/g, '').replace(/^\+/, '');
    const ids = /^\d{3,15}$/.test(digits) && deps.usersByPhone ? await deps.usersByPhone(digits) : [];
    search = { text, ids };
  }
  const { items, total } = await deps.users.page(page, search);
  return { items: items.map(toPublicUser), total };
};

/** GET /api/users/admin/:email: one's own flag, or anyone's for an admin. */
export async function checkAdmin(deps: { users: UserStore }, caller: User, email: string): Promise<Result<{ admin: boolean }, AppError>> {
  const target = normalizeEmail(email);
  if (target !== caller.email && !roleCan(caller.role, 'users.manage')) {
    return err(appError('auth/forbidden', "You cannot look up another user's role."));
  }
  return ok({ admin: (await deps.users.byEmail(target))?.role === 'admin' });
}

export async function makeAdmin(deps: { users: UserStore }, id: string): Promise<Result<{ modifiedCount: number }, AppError>> {
  if (!(await deps.users.byId(id))) return err(appError('users/not-found', 'No such user.'));
  return ok({ modifiedCount: await deps.users.setRole(id, 'admin') });
}

/**
 * PATCH /api/users/:id/role (issue 36): an admin gives a user a role; the last admin keeps theirs
 * (the store's one statement refuses it, so two admins demoting each other cannot both win).
 */
export async function assignRole(deps: { users: UserStore }, id: string, role: Role): Promise<Result<{ modifiedCount: number; role: Role }, AppError>> {
  const target = await deps.users.byId(id);
  if (!target) return err(appError('users/not-found', 'No such user.'));
  const modifiedCount = await deps.users.setRole(id, role);
  if (modifiedCount === 0 && target.role === 'admin' && role !== 'admin') {
    const now = await deps.users.byId(id);
    if (now?.role === 'admin') return err(appError('users/last-admin', 'The last admin cannot lose the role.'));
  }
  return ok({ modifiedCount, role });
}

export async function deleteUser(deps: { users: UserStore }, caller: User, id: string): Promise<Result<{ deletedCount: number }, AppError>> {
  const target = await deps.users.byId(id);
  if (!target) return err(appError('users/not-found', 'No such user.'));
  const refusal = deleteRefusal(caller, target, await deps.users.countAdmins());
  if (refusal === 'users/cannot-delete-self') return err(appError(refusal, 'You cannot delete your own account.'));
  if (refusal === 'users/last-admin') return err(appError(refusal, 'The last admin cannot be deleted.'));
  return ok({ deletedCount: await deps.users.delete(id) });
}
