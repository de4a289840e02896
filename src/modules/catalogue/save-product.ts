import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { ProductInput } from './domain/product.js';
import type { CategoryStore, ProductStore } from './ports.js';

type Deps = { categories: CategoryStore; products: ProductStore; clock: Clock; newId: IdGenerator };

const unknownCategory = (name: string) => appError('catalogue/unknown-category', `There is no category named "${name}".`);
const notFound = () => appError('catalogue/product-not-found', 'This product does not exist (any more).');

/** Admin: a new product. Its category must exist; the input is already shaped by the API schema. */
export async function addProduct(deps: Deps, input: ProductInput): Promise<Result<{ insertedId: string }, AppError>> {
  const category = await deps.categories.byName(input.category);
  if (!category) return err(unknownCategory(input.category));
  const id = deps.newId();
  const { category: _name, ...fields } = input;
  await deps.products.insert({ ...fields, id, categoryId: category.id, createdAt: deps.clock.now() });
  return ok({ insertedId: id });
}

/** Admin: replaces every field of a product (the spec's update form sends them all). */
export async function updateProduct(deps: Deps, id: string, input: ProductInput): Promise<Result<{ modifiedCount: number }, AppError>> {
  if (!(await deps.products.byId(id))) return err(notFound());
  const category = await deps.categories.byName(input.category);
  if (!category) return err(unknownCategory(input.category));
  const { category: _name, ...fields } = input;
  return ok({ modifiedCount: await deps.products.update(id, { ...fields, categoryId: category.id, updatedAt: deps.clock.now() }) });
}

export async function deleteProduct(deps: Pick<Deps, 'products'>, id: string): Promise<Result<{ deletedCount: number }, AppError>> {
  const deletedCount = await deps.products.delete(id);
  return deletedCount ? ok({ deletedCount }) : err(notFound());
}
