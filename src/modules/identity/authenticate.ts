import type { SessionClaims, SessionTokens, UserStore } from './ports.js';
import type { User } from './domain/user.js';

export type Authentication =
  | { kind: 'user'; claims: SessionClaims; user: User }
  /** A valid token whose profile does not exist (yet, or any more). */
  | { kind: 'identity-only'; claims: SessionClaims }
  | { kind: 'none' };

/**
 * Who is calling, from `Authorization: Bearer <token>`. The user, and so the role, is read from
 * the database on every request: a demotion, a deletion or a password change takes effect at once.
 */
export async function authenticate(deps: { tokens: SessionTokens; users: UserStore }, authorization: string | undefined): Promise<Authentication> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  const claims = match?.[1] ? await deps.tokens.verify(match[1]) : null;
  if (!claims) return { kind: 'none' };
  const user = deps.users.byEmail(claims.email);
  if (!user) return { kind: 'identity-only', claims };
  if (user.tokenVersion !== claims.tokenVersion) return { kind: 'none' };
  return { kind: 'user', claims, user };
}
