/**
 * Stock per variant (issue 15, decision 027): the rules the server and the web app both run.
 *
 * A product's variants are its sizes x colors, in the order the admin wrote them; a product
 * without sizes (or colors) has the size (color) "" in each, so a product with neither has one
 * variant, ("", ""). A shopper's choice may leave the size or the color open (the spec keeps the
 * selects optional): an open choice matches every variant of that dimension, and a line ordered
 * with it takes its whole quantity from the first matching variant that has enough.
 */
export type Variant = { size: string; color: string; stock: number };
export type VariantKey = { size: string; color: string };
/**
 * One variant's stock moving: `quantity` of productId in that exact size and color. Ordering
 * records these in its events (what an order took, what its cancel gave back; decision 028).
 */
export type StockLine = { productId: string; size: string; color: string; quantity: number };

/** The most one variant may hold. */
export const maxStock = 100_000;
/** At or under this, a product page says "Only N left" and Manage Products marks the line low. */
export const lowStockAt = 5;
/** Sizes x colors at most: every product answer carries its variants. */
export const maxVariantsPerProduct = 100;

/** Every size x color of a product, sizes first, in the product's order. */
export function variantKeys(sizes: readonly string[], colors: readonly string[]): VariantKey[] {
  const s = sizes.length ? sizes : [''];
  const c = colors.length ? colors : [''];
  return s.flatMap((size) => c.map((color) => ({ size, color })));
}

export const sameVariant = (a: VariantKey, b: VariantKey): boolean => a.size === b.size && a.color === b.color;

/** The variants a choice may take from ("" leaves that dimension open). */
function matchingVariants<V extends Variant>(variants: readonly V[], size: string, color: string): V[] {
  return variants.filter((v) => (size === '' || v.size === size) && (color === '' || v.color === color));
}

/** How many one line of this choice can hold now: the most of any one variant it matches. */
export function availableFor(variants: readonly Variant[], size: string, color: string): number {
  return matchingVariants(variants, size, color).reduce((most, v) => Math.max(most, v.stock), 0);
}

/** The variant a line of `quantity` takes from: the first matching one with enough, or null. */
export function variantToTake<V extends Variant>(variants: readonly V[], size: string, color: string, quantity: number): V | null {
  return matchingVariants(variants, size, color).find((v) => v.stock >= quantity) ?? null;
}

export const totalStock = (variants: readonly Variant[]): number => variants.reduce((sum, v) => sum + v.stock, 0);

export type StockLevel = { kind: 'in-stock' } | { kind: 'low'; left: number } | { kind: 'sold-out' };

/** What a shopper is told of a stock count: In stock, Only N left, Sold out. */
export function stockLevel(stock: number): StockLevel {
  if (stock <= 0) return { kind: 'sold-out' };
  if (stock <= lowStockAt) return { kind: 'low', left: stock };
  return { kind: 'in-stock' };
}

/** "Only 2 of Fox (M, Red) are left." / "Fox (M, Red) is sold out." */
export function notEnoughMessage(title: string, size: string, color: string, available: number): string {
  const choice = [size, color].filter(Boolean).join(', ');
  const name = choice ? `${title} (${choice})` : title;
  return available <= 0 ? `${name} is sold out.` : `Only ${available} of ${name} ${available === 1 ? 'is' : 'are'} left.`;
}
