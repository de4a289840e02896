import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsDir } from './paths.js';
import type { Sqlite } from './sqlite.js';

/**
 * The protective triggers (the order log's append-only rules, decisions 007 and 014) as the
 * committed migrations create them: the migrations are their only source, so a check here cannot
 * drift from what a fresh database gets. A later migration's DROP TRIGGER removes a name.
 */
function expectedTriggers(folder: string = migrationsDir()): Map<string, string> {
  const triggers = new Map<string, string>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.sql')).sort()) {
    for (const part of readFileSync(join(folder, file), 'utf8').split('--> statement-breakpoint')) {
      const statement = part
        .split('\n')
        .filter((line) => !line.trimStart().startsWith('--'))
        .join('\n')
        .trim();
      const created = /^CREATE TRIGGER\s+`?(\w+)`?/i.exec(statement);
      if (created?.[1]) triggers.set(created[1], statement.replace(/;\s*$/, ''));
      const dropped = /^DROP TRIGGER\s+(?:IF EXISTS\s+)?`?(\w+)`?/i.exec(statement);
      if (dropped?.[1]) triggers.delete(dropped[1]);
    }
  }
  return triggers;
}

const normalise = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/**
 * The expected triggers that the database lacks, or has under the same name with another body
 * (a trigger "replaced" by one that does nothing is as good as dropped).
 */
export function missingTriggers(sqlite: Sqlite, expected = expectedTriggers()): string[] {
  const present = new Map(
    (sqlite.prepare("select name, sql from sqlite_master where type = 'trigger'").all() as Array<{ name: string; sql: string | null }>).map((t) => [t.name, t.sql ?? '']),
  );
  return [...expected].filter(([name, sql]) => normalise(present.get(name) ?? '') !== normalise(sql)).map(([name]) => name);
}

/** Recreates the missing or altered triggers in one transaction; returns their names. */
export function restoreTriggers(sqlite: Sqlite, expected = expectedTriggers()): string[] {
  const names = missingTriggers(sqlite, expected);
  sqlite.transaction(() => {
    for (const name of names) {
      sqlite.exec(`DROP TRIGGER IF EXISTS \`${name}\``);
      sqlite.exec(expected.get(name) as string);
    }
  }).immediate();
  return names;
}
