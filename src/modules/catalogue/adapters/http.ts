import { Hono } from 'hono';
import type { Category } from '../domain/category.js';
import { listCategories } from '../list-categories.js';
import type { CategoryStore } from '../ports.js';

/** The spec's wire shape: `{ _id, category }`. */
export type CategoryDto = { _id: string; category: string };

const toDto = (c: Category): CategoryDto => ({ _id: c.id, category: c.name });

export function catalogueRoutes(deps: { categories: CategoryStore }) {
  return new Hono().get('/categories', (c) => c.json(listCategories(deps).map(toDto)));
}
