import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import { emailSkeleton } from '../../domain/email-skeleton.js';
import type { ResetTokenStore, UserStore } from '../../ports.js';
import { likeLiteral, publicColumns as publicOf, userRow } from '../user-query.js';
import { passwordResets, users } from './schema.js';

const publicColumns = publicOf(users);

export function createSqliteUserStore({ read: db, writer, write }: SqliteSide): UserStore {
  // The guards read the user on every protected request: prepared once.
  const byId = db.select(publicColumns).from(users).where(eq(users.id, sql.placeholder('id'))).prepare();
  const byEmail = db
    .select({ ...publicColumns, passwordHash: users.passwordHash, lang: users.lang })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare();
  const admins = db.select({ n: count() }).from(users).where(eq(users.role, 'admin')).prepare();
  // The admins' list, one page at a time over users_created_at (issue 12).
  const page = db
    .select(publicColumns)
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
  const total = db.select({ n: count() }).from(users).prepare();
  const lookAlike = db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.emailSkeleton, sql.placeholder('skeleton')), ne(users.email, sql.placeholder('email'))))
    .limit(1)
    .prepare();
  const unfilled = db.select({ id: users.id, email: users.email }).from(users).where(isNull(users.emailSkeleton)).limit(sql.placeholder('batch')).prepare();

  return {
    byId: async (id) => byId.get({ id }) ?? null,
    byEmail: async (email) => byEmail.get({ email }) ?? null,
    page: async (p, search) => {
      if (!search) return { items: page.all(p), total: total.get()?.n ?? 0 };
      // An admin's search: LIKE ignores the case of ASCII letters only, so lower() both sides.
      const pattern = `%${likeLiteral(search.text)}%`;
      const where = or(
        sql`lower(${users.name}) like lower(${pattern}) escape '\\'`,
        sql`lower(${users.email}) like lower(${pattern}) escape '\\'`,
        ...(search.ids.length ? [inArray(users.id, [...search.ids])] : []),
      );
      const items = db.select(publicColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(p.limit).offset(p.offset).all();
      return { items, total: db.select({ n: count() }).from(users).where(where).get()?.n ?? 0 };
    },
    countAdmins: async () => admins.get()?.n ?? 0,
    lookAlikeOf: async (email) => lookAlike.get({ skeleton: emailSkeleton(email), email })?.email ?? null,
    async fillSkeletons(batch) {
      // Looked for on the reading side (an index probe, nothing once filled); written only when found.
      const rows = unfilled.all({ batch });
      if (rows.length === 0) return 0;
      return write(() => {
        for (const row of rows) writer.update(users).set({ emailSkeleton: emailSkeleton(row.email) }).where(and(eq(users.id, row.id), isNull(users.emailSkeleton))).run();
        return rows.length;
      });
    },
    insert: (user) => write(() => writer.insert(users).values(userRow(user)).onConflictDoNothing().run().changes === 1),
    // One statement on the single writer: the last admin is never demoted, however two admins race.
    setRole: (id, role) =>
      write(() => writer.update(users).set({ role }).where(and(eq(users.id, id), sql`${users.role} <> ${role}`, sql`(${users.role} <> 'admin' or (select count(*) from users where role = 'admin') > 1)`)).run().changes),
    setLang: (id, lang) =>
      write(() => {
        writer.update(users).set({ lang }).where(eq(users.id, id)).run();
      }),
    setName: (id, name) =>
      write(() => {
        writer.update(users).set({ name }).where(eq(users.id, id)).run();
      }),
    setPassword: (id, passwordHash) =>
      write(() => {
        writer
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, id))
          .run();
      }),
    delete: (id) => write(() => writer.delete(users).where(eq(users.id, id)).run().changes),
  };
}

export function createSqliteResetTokenStore({ writer: db, write }: SqliteSide): ResetTokenStore {
  return {
    insert: (row) =>
      write(() => {
        db.insert(passwordResets).values(row).run();
      }),
    consume: (tokenHash, now) => write(() => {
      // One UPDATE marks it used only if still unused and unexpired: single use even under races.
      const rows = db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning({ userId: passwordResets.userId })
        .all();
      return rows[0] ?? null;
    }),
    deleteForUser: (userId) =>
      write(() => {
        db.delete(passwordResets).where(eq(passwordResets.userId, userId)).run();
      }),
  };
}
