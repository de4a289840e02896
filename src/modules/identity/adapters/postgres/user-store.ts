import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import { findsNothing } from '../../../../platform/pg-text.js';
import { emailSkeleton } from '../../domain/email-skeleton.js';
import type { ResetTokenStore, UserStore } from '../../ports.js';
import { likeLiteral, publicColumns as publicOf, userRow } from '../user-query.js';
import { passwordResets, users } from './schema.js';

const publicColumns = publicOf(users);

export function createPgUserStore(db: PgQueryable): UserStore {
  const changed = { id: users.id };
  return {
    byId: async (id) => (await db.select(publicColumns).from(users).where(eq(users.id, id)))[0] ?? null,
    byEmail: async (email) =>
      findsNothing(email) ? null : (await db.select({ ...publicColumns, passwordHash: users.passwordHash, lang: users.lang }).from(users).where(eq(users.email, email)))[0] ?? null,
    async page(p, search) {
      // The admins' list, one page at a time over users_created_at (issue 12); an admin's search (issue 33) with ILIKE.
      const pattern = search ? `%${likeLiteral(search.text.split('\u0000').join(''))}%` : '';
      const where = search
        ? or(sql`${users.name} ilike ${pattern} escape '\\'`, sql`${users.email} ilike ${pattern} escape '\\'`, ...(search.ids.length ? [inArray(users.id, [...search.ids])] : []))
        : undefined;
      const items = await db.select(publicColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(p.limit).offset(p.offset);
      const [total] = await db.select({ n: count() }).from(users).where(where);
      return { items, total: total?.n ?? 0 };
    },
    countAdmins: async () => (await db.select({ n: count() }).from(users).where(eq(users.role, 'admin')))[0]?.n ?? 0,
    lookAlikeOf: async (email) =>
      findsNothing(email)
        ? null
        : ((await db.select({ email: users.email }).from(users).where(and(eq(users.emailSkeleton, emailSkeleton(email)), ne(users.email, email))).limit(1))[0]?.email ?? null),
    async fillSkeletons(batch) {
      const rows = await db.select({ id: users.id, email: users.email }).from(users).where(isNull(users.emailSkeleton)).limit(batch);
      for (const row of rows) await db.update(users).set({ emailSkeleton: emailSkeleton(row.email) }).where(and(eq(users.id, row.id), isNull(users.emailSkeleton)));
      return rows.length;
    },
    insert: async (user) => (await db.insert(users).values(userRow(user)).onConflictDoNothing().returning(changed)).length === 1,
    // The admins' rows are locked while counted: two admins demoting each other at once are taken one
    // after the other, and the second sees one admin left (the last admin is never demoted).
    setRole: async (id, role) =>
      (
        await db
          .update(users)
          .set({ role })
          .where(and(eq(users.id, id), ne(users.role, role), sql`(${users.role} <> 'admin' or (select count(*) from (select id from users where role = 'admin' for update) as admins) > 1)`))
          .returning(changed)
      ).length,
    async setLang(id, lang) {
      await db.update(users).set({ lang }).where(eq(users.id, id));
    },
    async setName(id, name) {
      await db.update(users).set({ name }).where(eq(users.id, id));
    },
    async setPassword(id, passwordHash) {
      await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, id));
    },
    delete: async (id) => (await db.delete(users).where(eq(users.id, id)).returning(changed)).length,
  };
}

export function createPgResetTokenStore(db: PgQueryable): ResetTokenStore {
  return {
    async insert(row) {
      await db.insert(passwordResets).values(row);
    },
    async consume(tokenHash, now) {
      // One UPDATE marks it used only if still unused and unexpired. A second consume waits for the
      // first's row lock, then re-checks the WHERE on the committed row (READ COMMITTED) and finds it used.
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning({ userId: passwordResets.userId });
      return row ?? null;
    },
    async deleteForUser(userId) {
      await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
    },
  };
}
