import { Hono, type MiddlewareHandler } from 'hono';
import { jsonWithTag, type ChangeTag } from '../../../platform/http/change-tag.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { checkInput, parseJsonBody } from '../../../platform/http/validate.js';
import type { ImageStore } from '../../../platform/image-store/image-store.js';
import type { Clock } from '../../../shared/clock.js';
import { appError } from '../../../shared/errors.js';
import type { IdGenerator } from '../../../shared/ids.js';
import type { Result } from '../../../shared/result.js';
import { addCategory } from '../add-category.js';
import type { Category } from '../domain/category.js';
import type { Product } from '../domain/product.js';
import { listCategories } from '../list-categories.js';
import { getProduct, listProducts } from '../list-products.js';
import type { CategoryStore, ProductStore } from '../ports.js';
import { addProduct, deleteProduct, updateProduct } from '../save-product.js';
import { uploadImage } from '../upload-image.js';
import { categoryInputSchema, productInputSchema, productQuerySchema } from './product-input.js';

/** The spec's wire shapes. */
export type CategoryDto = { _id: string; category: string };
export type ProductDto = Omit<Product, 'id' | 'createdAt'> & { _id: string; createdAt: string };

const categoryDto = (c: Category): CategoryDto => ({ _id: c.id, category: c.name });
export const productDto = ({ id, createdAt, ...rest }: Product): ProductDto => ({ _id: id, ...rest, createdAt: createdAt.toISOString() });

export type CatalogueHttpDeps = {
  categories: CategoryStore;
  products: ProductStore;
  images: ImageStore;
  clock: Clock;
  newId: IdGenerator;
  requireAdmin: MiddlewareHandler;
  /** Bumped by every catalogue write: the ETag of every catalogue read. */
  changes: ChangeTag;
  onStoreError: (e: unknown) => void;
};

const idPattern = /^[0-9a-f]{24}$/;

export function catalogueRoutes(deps: CatalogueHttpDeps) {
  const app = new Hono();
  const { requireAdmin, changes } = deps;
  /** A successful write changes what every catalogue read answers. */
  const wrote = <T, E>(result: Result<T, E>) => {
    if (result.ok) changes.bump();
    return result;
  };
  const productNotFound = () => appError('catalogue/product-not-found', 'This product does not exist (any more).');

  app.get('/categories', (c) => jsonWithTag(c, changes, () => listCategories(deps).map(categoryDto)));

  app.post('/categories', requireAdmin, async (c) => {
    const body = await parseJsonBody(c, categoryInputSchema);
    if (!body.ok) return sendError(c, body.error);
    return sendResult(c, wrote(addCategory(deps, body.value)), 201);
  });

  app.get('/products', (c) => {
    const query = checkInput(productQuerySchema, c.req.query());
    if (!query.ok) return sendError(c, query.error);
    const { items, total } = listProducts(deps, query.value);
    c.header('X-Total-Count', String(total));
    return jsonWithTag(c, changes, () => items.map(productDto));
  });

  app.get('/products/:id', (c) => {
    const id = c.req.param('id');
    if (!idPattern.test(id)) return sendError(c, productNotFound());
    const product = getProduct(deps, id);
    if (!product.ok) return sendError(c, product.error);
    return jsonWithTag(c, changes, () => productDto(product.value));
  });

  app.post('/products', requireAdmin, async (c) => {
    const body = await parseJsonBody(c, productInputSchema);
    if (!body.ok) return sendError(c, body.error);
    return sendResult(c, wrote(addProduct(deps, body.value)), 201);
  });

  app.patch('/products/:id', requireAdmin, async (c) => {
    const id = c.req.param('id');
    if (!idPattern.test(id)) return sendError(c, productNotFound());
    const body = await parseJsonBody(c, productInputSchema);
    if (!body.ok) return sendError(c, body.error);
    return sendResult(c, wrote(updateProduct(deps, id, body.value)));
  });

  app.delete('/products/:id', requireAdmin, (c) => {
    const id = c.req.param('id');
    if (!idPattern.test(id)) return sendError(c, productNotFound());
    return sendResult(c, wrote(deleteProduct(deps, id)));
  });

  app.post('/images', requireAdmin, async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data/i.test(type)) {
      return sendError(c, appError('images/missing-file', 'Send the image as multipart/form-data in the field "image".'));
    }
    let file: unknown;
    try {
      file = (await c.req.parseBody())['image'];
    } catch {
      return sendError(c, appError('images/missing-file', 'The upload could not be read. Choose an image and try again.'));
    }
    if (!(file instanceof File)) return sendError(c, appError('images/missing-file', 'Choose an image to upload (field "image").'));
    return sendResult(c, await uploadImage(deps, new Uint8Array(await file.arrayBuffer())), 201);
  });

  return app;
}
