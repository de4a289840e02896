import type { IdGenerator } from '../../shared/ids.js';
import { variantKeys } from '../../shared/stock.js';
import type { CategoryStore, ProductStore } from './ports.js';

/** A category of the old shop (issue 19, decision 041). */
export type CategoryToImport = { id: string; name: string; createdAt: Date };
/** A product of the old shop, its fields already read (numbers as numbers, lists trimmed). */
export type ProductToImport = { id: string; title: string; description: string; category: string; price: number; sizes: string[]; colors: string[]; images: string[]; createdAt: Date };

export type ImportedCategoryOutcome = { outcome: 'added' | 'exists' } | { outcome: 'merged'; into: string };
export type ImportedProductOutcome = { outcome: 'added' | 'exists'; categoryCreated: string | null };

type Stores = { categories: CategoryStore; products: ProductStore };

/**
 * A category by its name, ignoring case and surrounding spaces (the store's rule): one that has the
 * name already takes the old one's place (its products join it by name).
 */
export async function importCategory(stores: Stores, category: CategoryToImport, dryRun: boolean): Promise<ImportedCategoryOutcome> {
  const existing = await stores.categories.byName(category.name);
  if (existing) return existing.id === category.id ? { outcome: 'exists' } : { outcome: 'merged', into: existing.name };
  if (!dryRun && !(await stores.categories.insert({ ...category, nameBn: null }))) return { outcome: 'exists' };
  return { outcome: 'added' };
}

/**
 * A product under its old id (old links keep working), in the category it names (made when it
 * does not exist), with DEFAULT_STOCK for each size x color: the old shop kept no stock. A product
 * whose id exists is left as it is.
 */
export async function importProduct(stores: Stores, deps: { newId: IdGenerator; defaultStock: number; now: Date }, product: ProductToImport, dryRun: boolean): Promise<ImportedProductOutcome> {
  if (await stores.products.byId(product.id)) return { outcome: 'exists', categoryCreated: null };
  let category = await stores.categories.byName(product.category);
  let categoryCreated: string | null = null;
  if (!category) {
    categoryCreated = product.category;
    category = { id: deps.newId(), name: product.category, nameBn: null, createdAt: deps.now };
    if (!dryRun) await stores.categories.insert(category);
  }
  if (dryRun) return { outcome: 'added', categoryCreated };
  const { category: _name, ...fields } = product;
  await stores.products.insert({
    ...fields,
    titleBn: null,
    descriptionBn: null,
    categoryId: category.id,
    variants: variantKeys(product.sizes, product.colors).map((k) => ({ ...k, stock: deps.defaultStock })),
  });
  return { outcome: 'added', categoryCreated };
}
