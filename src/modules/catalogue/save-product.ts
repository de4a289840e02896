import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import { sameVariant, variantKeys, type Variant } from '../../shared/stock.js';
import { bengaliLabel } from '../../shared/label-names.js';
import type { ProductInput } from './product.js';
import type { CategoryStore, ProductStore } from './ports.js';

type Deps = { categories: CategoryStore; products: ProductStore; clock: Clock; newId: IdGenerator; defaultStock: number };

const unknownCategory = (name: string) => appError('catalogue/unknown-category', `There is no category named "${name}".`);
const notFound = () => appError('catalogue/product-not-found', 'This product does not exist (any more).');

/**
 * Every size x color of the input with its stock: as sent, or (an older client sent none) the
 * stock `before` had for that combination, else the shop's default (decision 027).
 */
function variantsOf(input: ProductInput, defaultStock: number, before: readonly Variant[] = []): Variant[] {
  if (input.variants) return variantKeys(input.sizes, input.colors).map((k) => ({ ...k, stock: input.variants?.find((v) => sameVariant(v, k))?.stock ?? 0 }));
  return variantKeys(input.sizes, input.colors).map((k) => ({ ...k, stock: before.find((v) => sameVariant(v, k))?.stock ?? defaultStock }));
}

/** Admin: a new product. Its category must exist; the input is already shaped by the API schema. */
export async function addProduct(deps: Deps, input: ProductInput): Promise<Result<{ insertedId: string }, AppError>> {
  const category = await deps.categories.byName(input.category);
  if (!category) return err(unknownCategory(input.category));
  const id = deps.newId();
  // A nullable field left out (undefined) is stored as null (ProductFields).
  const { category: _name, variants: _variants, ...fields } = input;
  await deps.products.insert({ ...fields, id, categoryId: category.id, createdAt: deps.clock.now(), variants: variantsOf(input, deps.defaultStock) });
  return ok({ insertedId: id });
}

/**
 * Admin: replaces every field of a product (the spec's update form sends them all); a nullable
 * field (the Bengali title and description) only when sent: a client that does not know it keeps it
 * (the store leaves a field that is undefined as it is).
 */
export async function updateProduct(deps: Deps, id: string, input: ProductInput): Promise<Result<{ modifiedCount: number }, AppError>> {
  const before = await deps.products.byId(id);
  if (!before) return err(notFound());
  const category = await deps.categories.byName(input.category);
  if (!category) return err(unknownCategory(input.category));
  const { category: _name, variants: _variants, ...fields } = input;
  const variants = variantsOf(input, deps.defaultStock, before.variants);
  // Bengali names not sent (a client that does not know them): they follow their labels, so that a
  // reordered, added or removed size never shows another's name (decision 057).
  const sizesBn = input.sizesBn === undefined ? namesFollowingLabels(before.sizes, before.sizesBn, input.sizes) : input.sizesBn;
  const colorsBn = input.colorsBn === undefined ? namesFollowingLabels(before.colors, before.colorsBn, input.colors) : input.colorsBn;
  return ok({ modifiedCount: await deps.products.update(id, { ...fields, sizesBn, colorsBn, categoryId: category.id, updatedAt: deps.clock.now(), variants }) });
}

/** The stored Bengali names by position, moved to where their labels are now (null: none left). */
function namesFollowingLabels(labels: readonly string[], names: readonly string[] | null | undefined, now: readonly string[]): string[] | null {
  if (!names) return null;
  const moved = now.map((label) => bengaliLabel(labels, names, label) ?? '');
  return moved.some(Boolean) ? moved : null;
}

export async function deleteProduct(deps: Pick<Deps, 'products'>, id: string): Promise<Result<{ deletedCount: number }, AppError>> {
  const deletedCount = await deps.products.delete(id);
  return deletedCount ? ok({ deletedCount }) : err(notFound());
}

/**
 * Start-up (decision 027): products saved before stock existed get the default stock for each
 * size x color, a page at a time. Answers how many products were given stock.
 */
export async function giveDefaultStock(deps: Pick<Deps, 'products' | 'defaultStock'> & { transaction: <T>(work: (products: ProductStore) => Promise<T>) => Promise<T> }): Promise<number> {
  let given = 0;
  for (;;) {
    const page = await deps.transaction(async (products) => {
      const missing = await products.withoutVariants(500);
      for (const p of missing) await products.addMissingVariants(p.id, variantKeys(p.sizes, p.colors).map((k) => ({ ...k, stock: deps.defaultStock })));
      return missing.length;
    });
    given += page;
    if (page < 500) return given;
  }
}
