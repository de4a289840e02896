import type { MiddlewareHandler } from 'hono';
import type { PermissionNeed, StaffGuard } from '../../../platform/http/contract.js';
import { sendError } from '../../../platform/http/respond.js';
import { roleCanAny } from '../../../shared/permissions.js';
import { appError } from '../../../shared/errors.js';
import { authenticate, type Authentication } from '../authenticate.js';
import type { User } from '../domain/user.js';
import type { SessionClaims, SessionTokens, UserStore } from '../ports.js';

export type CurrentUser = User;
export type AuthVariables = { user: CurrentUser; claims: SessionClaims };
export type IdentityVariables = { claims: SessionClaims; user: CurrentUser | null };

const unauthenticated = () => appError('auth/unauthenticated', 'Please log in.');

/**
 * Route guards: 401 without a valid token (or for a deleted user), 403 for a valid token
 * without the role. They put the caller on the context as `user` (and `claims`).
 */
export function createGuards(deps: { tokens: SessionTokens; users: UserStore }) {
  const who = (authorization: string | undefined): Promise<Authentication> => authenticate(deps, authorization);

  const requireUser: MiddlewareHandler<{ Variables: AuthVariables }> = async (c, next) => {
    const auth = await who(c.req.header('authorization'));
    if (auth.kind !== 'user') return sendError(c, unauthenticated());
    c.set('user', auth.user);
    c.set('claims', auth.claims);
    await next();
  };

  /**
   * A member of staff whose role holds the permission (or one of them): the table is
   * src/shared/permissions.ts, an admin holds every permission. A customer, or a role without it, is
   * answered 403 with the same words, so the answer tells nothing of which role would do.
   */
  const requireStaff = (need: PermissionNeed): MiddlewareHandler<{ Variables: AuthVariables }> =>
    async (c, next) => {
      const auth = await who(c.req.header('authorization'));
      if (auth.kind !== 'user') return sendError(c, unauthenticated());
      if (!roleCanAny(auth.user.role, need)) return sendError(c, appError('auth/forbidden', auth.user.role === 'customer' ? 'Only the shop\'s staff can do this.' : 'Your role does not allow this.'));
      c.set('user', auth.user);
      c.set('claims', auth.claims);
      await next();
    };

  /** A valid token, with or without a profile (only for creating that profile). */
  const requireIdentity: MiddlewareHandler<{ Variables: IdentityVariables }> = async (c, next) => {
    const auth = await who(c.req.header('authorization'));
    if (auth.kind === 'none') return sendError(c, unauthenticated());
    c.set('claims', auth.claims);
    c.set('user', auth.kind === 'user' ? auth.user : null);
    await next();
  };

  return { requireUser, requireStaff: requireStaff as StaffGuard, requireIdentity };
}

export type Guards = ReturnType<typeof createGuards>;
