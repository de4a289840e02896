import { availableFor } from '../../shared/stock.js';
import type { CartLine } from './domain/cart-line.js';
import type { CartStore, ProductLookup } from './ports.js';

/** A cart line as the shopper sees it: priced from the catalogue now. */
export type PricedCartLine = CartLine & {
  title: string;
  /** The product's Bengali title, when it has one. */
  titleBn?: string;
  category: string;
  image: string;
  unitPrice: number;
  /** unitPrice x quantity */
  price: number;
  /** false when the product was deleted since: it cannot be ordered. */
  available: boolean;
  /** How many one line of this choice can hold now (0 once the product is gone). */
  stock: number;
};

export async function viewCart(deps: { cart: CartStore; products: ProductLookup }, userId: string): Promise<PricedCartLine[]> {
  const lines = await deps.cart.listFor(userId);
  const products = await Promise.all(lines.map((line) => deps.products.productById(line.productId)));
  return lines.map((line, i) => {
    const product = products[i];
    if (!product) return { ...line, title: 'No longer available', category: '', image: '', unitPrice: 0, price: 0, available: false, stock: 0 };
    return {
      ...line,
      title: product.title,
      ...(product.titleBn ? { titleBn: product.titleBn } : {}),
      category: product.category,
      image: product.images[0] ?? '',
      unitPrice: product.price,
      price: product.price * line.quantity,
      available: true,
      stock: availableFor(product.variants, line.size, line.color),
    };
  });
}
