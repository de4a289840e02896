import { availableFor, variantToTake } from '../../shared/stock.js';
import type { ProductStore, StockLine, StockStore } from './ports.js';

/** A shopper's choice of a product: size or color "" leaves that dimension open. */
export type StockChoice = { productId: string; size: string; color: string; quantity: number };

/**
 * Takes the stock of one ordered line, inside the ordering transaction (decision 027): from the
 * first variant the choice matches that holds the whole quantity. Answers the variant taken, or
 * how many one line of this choice could have now (0 when the product is gone).
 */
export async function takeStock(deps: { products: ProductStore; stock: StockStore }, choice: StockChoice): Promise<{ taken: StockLine } | { available: number }> {
  const product = await deps.products.byId(choice.productId);
  if (!product) return { available: 0 };
  const variant = variantToTake(product.variants, choice.size, choice.color, choice.quantity);
  const line = variant && { productId: product.id, size: variant.size, color: variant.color, quantity: choice.quantity };
  // The conditional update is the guard: the read above only picks the variant.
  if (line && (await deps.stock.take(line))) return { taken: line };
  const now = line ? await deps.products.byId(product.id) : product;
  return { available: now ? availableFor(now.variants, choice.size, choice.color) : 0 };
}

/** Gives the stock of a canceled order back; answers the lines whose variant still exists. */
export async function giveBackStock(deps: { stock: StockStore }, lines: readonly StockLine[]): Promise<StockLine[]> {
  const returned: StockLine[] = [];
  for (const line of lines) if (await deps.stock.giveBack(line)) returned.push(line);
  return returned;
}
