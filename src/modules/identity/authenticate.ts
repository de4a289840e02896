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
 * Local tokens, and Firebase tokens issued once the profile existed, name the account by id.
 */
export async function authenticate(deps: { tokens: SessionTokens; users: UserStore }, authorization: string | undefined): Promise<Authentication> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  const claims = match?.[1] ? await deps.tokens.verify(match[1]) : null;
  if (!claims) return { kind: 'none' };
  if (claims.kind === 'account') {
    // An account token whose account is gone stays dead, even if the email signs up again.
    const user = await deps.users.byId(claims.userId);
    if (!user || user.tokenVersion !== claims.tokenVersion) return { kind: 'none' };
    return { kind: 'user', claims, user };
  }
  // A verified Firebase identity: its profile may have been created since the token was issued.
  const user = await deps.users.byEmail(claims.email);
  if (!user) return { kind: 'identity-only', claims };
  if (user.tokenVersion !== claims.tokenVersion) return { kind: 'none' };
  return { kind: 'user', claims, user };
}
