import type { Column } from 'drizzle-orm';
import { emailSkeleton } from '../domain/email-skeleton.js';
import type { UserStore } from '../ports.js';

// What both engines' user stores share (decision 051): the columns any reader may see (never the
// password hash) and the row written.

export const publicColumns = <U extends { id: Column; name: Column; email: Column; role: Column; tokenVersion: Column; createdAt: Column }>(users: U) => ({
  id: users.id as U['id'],
  name: users.name as U['name'],
  email: users.email as U['email'],
  role: users.role as U['role'],
  tokenVersion: users.tokenVersion as U['tokenVersion'],
  createdAt: users.createdAt as U['createdAt'],
});

/** A user as stored: with the skeleton of the email that look-alike checks compare. */
export const userRow = (user: Parameters<UserStore['insert']>[0]) => ({ ...user, emailSkeleton: emailSkeleton(user.email) });

/** `text` inside a LIKE pattern as itself: %, _ and \ escaped (the patterns say `escape '\'`). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
