import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Product } from './domain/product.js';
import type { ProductFilter, ProductStore } from './ports.js';

export function listProducts(deps: { products: ProductStore }, filter: ProductFilter): { items: Product[]; total: number } {
  return { items: deps.products.list(filter), total: deps.products.count(filter) };
}

export function getProduct(deps: { products: ProductStore }, id: string): Result<Product, AppError> {
  const product = deps.products.byId(id);
  return product ? ok(product) : err(appError('catalogue/product-not-found', 'This product does not exist (any more).'));
}
