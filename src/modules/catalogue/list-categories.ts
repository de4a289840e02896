import type { Category } from './domain/category.js';
import type { CategoryStore } from './ports.js';

export function listCategories(deps: { categories: CategoryStore }): Promise<Category[]> {
  return deps.categories.list();
}
