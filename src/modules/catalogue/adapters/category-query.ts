import type { Column } from 'drizzle-orm';
import { categoryKey } from '../domain/category.js';
import type { NewCategory } from '../ports.js';

// What both engines' category stores share (decision 051): the columns read and the row written.

export const categoryColumns = <C extends { id: Column; name: Column; nameBn: Column; createdAt: Column }>(categories: C) => ({
  id: categories.id as C['id'],
  name: categories.name as C['name'],
  nameBn: categories.nameBn as C['nameBn'],
  createdAt: categories.createdAt as C['createdAt'],
});

/** A category as stored: with its key (the uniqueness the shop promises), without a Bengali name null. */
export const categoryRow = (c: NewCategory) => ({ ...c, nameKey: categoryKey(c.name), nameBn: c.nameBn ?? null });
