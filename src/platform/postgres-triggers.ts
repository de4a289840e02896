import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { postgresMigrationsDir } from './paths.js';

/**
 * The order log's protections on PostgreSQL (decisions 014 and 022), as migrations/postgres
 * creates them: the migrations are their only source, as on SQLite (sqlite-triggers.ts). A
 * protection is a trigger and the function it runs; either one dropped, disabled or replaced by
 * one that does nothing leaves the log open, so each is compared with what the migration wrote.
 */
export type Protection = { trigger: string; table: string; definition: string; fn: string };
export type ProtectionFunction = { name: string; body: string; create: string };

type Expected = { triggers: Map<string, Protection>; functions: Map<string, ProtectionFunction> };

const clean = (part: string) =>
  part
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .trim()
    .replace(/;\s*$/, '');

/** Whitespace and identifier quotes do not matter; PostgreSQL prints a table with its schema. */
const normalise = (sql: string) => sql.replace(/"/g, '').replace(/\bpublic\./g, '').replace(/\s+/g, ' ').trim();

export function expectedProtections(folder: string = postgresMigrationsDir()): Expected {
  const triggers = new Map<string, Protection>();
  const functions = new Map<string, ProtectionFunction>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.sql')).sort()) {
    for (const part of readFileSync(join(folder, file), 'utf8').split('--> statement-breakpoint')) {
      const statement = clean(part);
      const fn = /^CREATE (?:OR REPLACE )?FUNCTION\s+"?(\w+)"?\(\)[^$]*\$\$([\s\S]*)\$\$$/i.exec(statement);
      if (fn?.[1] && fn[2] !== undefined) functions.set(fn[1], { name: fn[1], body: fn[2], create: statement.replace(/^CREATE FUNCTION/i, 'CREATE OR REPLACE FUNCTION') });
      const trigger = /^CREATE TRIGGER\s+"?(\w+)"?[\s\S]*?\bON\s+"?(\w+)"?[\s\S]*EXECUTE FUNCTION\s+"?(\w+)"?\(\)$/i.exec(statement);
      if (trigger?.[1] && trigger[2] && trigger[3]) triggers.set(trigger[1], { trigger: trigger[1], table: trigger[2], definition: statement, fn: trigger[3] });
      const dropped = /^DROP TRIGGER\s+(?:IF EXISTS\s+)?"?(\w+)"?/i.exec(statement);
      if (dropped?.[1]) triggers.delete(dropped[1]);
    }
  }
  return { triggers, functions };
}

type Query = <R>(sql: string, params?: unknown[]) => Promise<R[]>;

/**
 * The protections the database lacks or has otherwise than the migrations made them: a trigger
 * missing, disabled (ALTER TABLE ... DISABLE TRIGGER) or defined differently, or its function
 * missing or with another body. Returns the triggers' names.
 */
export async function missingProtections(query: Query, expected: Expected = expectedProtections()): Promise<string[]> {
  const present = new Map(
    (
      await query<{ name: string; enabled: string; definition: string }>(
        "select t.tgname as name, t.tgenabled as enabled, pg_get_triggerdef(t.oid) as definition from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and not t.tgisinternal",
      )
    ).map((t) => [t.name, t]),
  );
  const bodies = new Map(
    (await query<{ name: string; body: string }>('select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()')).map((f) => [
      f.name,
      f.body,
    ]),
  );
  return [...expected.triggers.values()]
    .filter((p) => {
      const actual = present.get(p.trigger);
      // 'D' is disabled; 'O' (origin) and 'A' (always) fire for the shop's sessions.
      if (!actual || actual.enabled === 'D' || actual.enabled === 'R') return true;
      if (normalise(actual.definition) !== normalise(p.definition)) return true;
      return bodies.get(p.fn) !== expected.functions.get(p.fn)?.body;
    })
    .map((p) => p.trigger);
}

/** Puts the missing or altered protections back (as the tables' owner), in the caller's transaction; returns their names. */
export async function restoreProtections(query: Query, expected: Expected = expectedProtections()): Promise<string[]> {
  const names = await missingProtections(query, expected);
  const fns = new Set(names.map((name) => expected.triggers.get(name)?.fn));
  for (const fn of fns) {
    const create = fn ? expected.functions.get(fn)?.create : undefined;
    if (create) await query(create);
  }
  for (const name of names) {
    const p = expected.triggers.get(name) as Protection;
    await query(`DROP TRIGGER IF EXISTS "${p.trigger}" ON "${p.table}"`);
    await query(p.definition);
  }
  return names;
}
