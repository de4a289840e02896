import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CategoryStore } from './ports.js';

/**
 * Names are unique ignoring case and surrounding spaces; the name is kept as typed (trimmed). The
 * Bengali name (issue 18) is only shown: two categories may share one.
 */
export async function addCategory(
  deps: { categories: CategoryStore; clock: Clock; newId: IdGenerator },
  input: { category: string; categoryBn?: string | null | undefined },
): Promise<Result<{ insertedId: string }, AppError>> {
  const name = input.category.trim();
  const exists = () => err(appError('catalogue/category-exists', `A category named "${name}" already exists.`));
  if (await deps.categories.byName(name)) return exists();
  const id = deps.newId();
  if (!(await deps.categories.insert({ id, name, nameBn: input.categoryBn ?? null, createdAt: deps.clock.now() }))) return exists();
  return ok({ insertedId: id });
}
