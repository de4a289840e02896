import type { Role, User } from './user.js';

/** The spec's wire shape of a user. */
export type PublicUser = { _id: string; name: string; email: string; role: Role };

export const toPublicUser = (u: User): PublicUser => ({ _id: u.id, name: u.name, email: u.email, role: u.role });
