import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Product } from './product.js';
import type { ProductFilter, ProductStore } from './ports.js';

export async function listProducts(deps: { products: ProductStore }, filter: ProductFilter): Promise<{ items: Product[]; total: number }> {
  const [items, total] = await Promise.all([deps.products.list(filter), deps.products.count(filter)]);
  return { items, total };
}

export async function getProduct(deps: { products: ProductStore }, id: string): Promise<Result<Product, AppError>> {
  const product = await deps.products.byId(id);
  return product ? ok(product) : err(appError('catalogue/product-not-found', 'This product does not exist (any more).'));
}
