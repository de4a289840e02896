import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { jsonWithTag, type ChangeTag } from '../../../platform/http/change-tag.js';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { deletedAnswer, idString, insertedAnswer, modifiedAnswer, pageAnswer } from '../../../platform/http/wire.js';
import type { ImageStore } from '../../../platform/image-store/image-store.js';
import type { Clock } from '../../../shared/clock.js';
import { appError } from '../../../shared/errors.js';
import type { IdGenerator } from '../../../shared/ids.js';
import { addCategory } from '../add-category.js';
import type { Category } from '../domain/category.js';
import type { Product } from '../product.js';
import { listCategories } from '../list-categories.js';
import { getProduct, listProducts } from '../list-products.js';
import type { CategoryStore, ProductStore } from '../ports.js';
import { addProduct, deleteProduct, updateProduct } from '../save-product.js';
import { imageDecoding, imagesBusy, uploadImage } from '../upload-image.js';
import { categoryInputSchema, productInputSchema, productQuerySchema } from './product-input.js';
import { products } from './sqlite/schema.js';

/** The spec's wire shapes. */
const bengaliNote = (of: string) => `Bengali ${of} (issue 18), shown in Bengali instead of the English; absent when there is none.`;
export const categorySchema = z.object({ _id: z.string(), category: z.string(), categoryBn: z.string().optional().meta({ description: bengaliNote('name') }) });

/** A nullable column as an answer has it: absent when null (as the Bengali fields always were). */
type AbsentWhenNull<S extends z.ZodRawShape> = { [K in keyof S]: S[K] extends z.ZodNullable<infer T> ? z.ZodOptional<T> : S[K] };
const absentWhenNull = <S extends z.ZodRawShape>(shape: S) =>
  Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema instanceof z.ZodNullable ? (schema.unwrap() as z.ZodType).optional() : schema])) as AbsentWhenNull<S>;

/** The fields of a row that are not null; a null one is left out of the answer rather than sent as null. */
type WithoutNulls<T> = { [K in keyof T as null extends T[K] ? never : K]: T[K] } & { [K in keyof T as null extends T[K] ? K : never]?: Exclude<T[K], null> };
const withoutNulls = <T extends object>(row: T) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null)) as WithoutNulls<T>;

/**
 * A product's columns as the answers have them (decision 051): derived from the table
 * (drizzle-zod), each existing field given its description; a new column is answered as the table
 * says (a nullable one absent when null) without an edit here.
 */
const { id: _id, categoryId: _categoryId, updatedAt: _updatedAt, createdAt: _createdAt, title, description, titleBn, descriptionBn, ...columns } = createSelectSchema(products, {
  titleBn: z.string().optional().meta({ description: bengaliNote('title') }),
  descriptionBn: z.string().optional().meta({ description: bengaliNote('description') }),
  price: z.number().int().meta({ description: 'Whole taka.' }),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  sizesBn: z.array(z.string()).nullable().meta({ description: "The Bengali names of the sizes by position (issue 33), '' for one without; absent when none. The English size stays the variant's key." }),
  colorsBn: z.array(z.string()).nullable().meta({ description: 'The Bengali names of the colors by position, as sizesBn.' }),
  images: z.array(z.string()).meta({ description: 'https URLs, or /uploads/<name>.webp of the local store (with -480 and -960 copies).' }),
}).shape;
export const productSchema = z.object({
  _id: z.string(),
  title,
  description,
  titleBn,
  descriptionBn,
  category: z.string().meta({ description: "The category's name." }),
  categoryBn: z.string().optional().meta({ description: bengaliNote("category's name") }),
  ...absentWhenNull(columns),
  createdAt: z.string().meta({ description: 'ISO 8601.' }),
  variants: z
    .array(z.object({ size: z.string(), color: z.string(), stock: z.number().int() }))
    .meta({ description: 'Stock per size x color, sizes first, in the order of sizes and colors ("" for a dimension the product has not).' }),
});
const uploadedSchema = z.object({ data: z.object({ display_url: z.string() }) });

export type CategoryDto = z.infer<typeof categorySchema>;
export type ProductDto = z.infer<typeof productSchema>;
export type CategoryBody = z.input<typeof categoryInputSchema>;
export type ProductBody = z.input<typeof productInputSchema>;

const categoryDto = (c: Category): CategoryDto => ({ _id: c.id, category: c.name, ...withoutNulls({ categoryBn: c.nameBn }) });
export const productDto = ({ id, createdAt, titleBn, descriptionBn, categoryBn, ...rest }: Product): ProductDto => ({
  _id: id,
  ...withoutNulls(rest),
  // The Bengali fields last, where the answers have always had them.
  ...withoutNulls({ titleBn, descriptionBn, categoryBn }),
  createdAt: createdAt.toISOString(),
});

export type CatalogueHttpDeps = {
  categories: CategoryStore;
  products: ProductStore;
  images: ImageStore;
  clock: Clock;
  newId: IdGenerator;
  /** DEFAULT_STOCK: each new size x color of a product saved without `variants` (decision 027). */
  defaultStock: number;
  requireStaff: StaffGuard;
  /** Moved by every catalogue write: the ETag of every catalogue read. */
  changes: ChangeTag;
  /** A write in one transaction with the stores bound to it, recorded as a catalogue change. */
  write: <R extends { ok: boolean }>(work: (stores: { categories: CategoryStore; products: ProductStore }) => Promise<R>) => Promise<R>;
  onStoreError: (e: unknown) => void;
};

const tag = 'Catalogue';
const productNotFound = appError('catalogue/product-not-found', 'This product does not exist (any more).');
/** An id that cannot be one names no product: the same 404 as a product that is gone. */
const productId = { params: { id: idString }, badParams: productNotFound } as const;
const etag = { ETag: 'The catalogue version: send it back in If-None-Match for a 304.' };

export function catalogueRoutes(deps: CatalogueHttpDeps) {
  const app: ContractRouter = new ContractRouter({ staff: deps.requireStaff });
  const { changes, write } = deps;

  app.handle(
    {
      method: 'get',
      path: '/categories',
      tag,
      access: 'public',
      summary: 'List the categories, newest first',
      answers: { 200: { description: 'Every category.', body: z.array(categorySchema), headers: etag }, 304: { description: 'Unchanged since the ETag sent.' } },
    },
    async (c) => {
      const etag = changes.current();
      const categories = await listCategories(deps);
      return jsonWithTag(c, etag, () => categories.map(categoryDto));
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/categories',
      tag,
      access: 'staff',
      permission: 'catalogue.manage',
      summary: 'Add a category',
      body: categoryInputSchema,
      answers: { 201: { description: 'Added.', body: insertedAnswer } },
      errors: ['catalogue/category-exists'],
    },
    async (c, { body }) => sendResult(c, await write((stores) => addCategory({ ...deps, ...stores }, body)), 201),
  );

  app.handle(
    {
      method: 'get',
      path: '/products',
      tag,
      access: 'public',
      summary: 'Search, filter, sort and page the products',
      description: 'Newest first unless `sort` says otherwise; with `q`, ranked by relevance unless `sort` says otherwise. Bad values answer 400.',
      query: productQuerySchema,
      answers: {
        200: pageAnswer('A page of the products matching.', productSchema, etag),
        304: { description: 'Unchanged since the ETag sent.' },
      },
    },
    async (c, { query }) => {
      const etag = changes.current();
      const { items, total } = await listProducts(deps, query);
      c.header('X-Total-Count', String(total));
      return jsonWithTag(c, etag, () => items.map(productDto));
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/products/:id',
      tag,
      access: 'public',
      summary: 'One product',
      ...productId,
      answers: { 200: { description: 'The product.', body: productSchema, headers: etag }, 304: { description: 'Unchanged since the ETag sent.' } },
    },
    async (c, { params }) => {
      const etag = changes.current();
      const product = await getProduct(deps, params.id);
      if (!product.ok) return sendError(c, product.error);
      return jsonWithTag(c, etag, () => productDto(product.value));
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/products',
      tag,
      access: 'staff',
      permission: 'catalogue.manage',
      summary: 'Add a product',
      description: 'The category must exist (by name). Sizes and colors are sent already split; other fields are ignored.',
      body: productInputSchema,
      answers: { 201: { description: 'Added.', body: insertedAnswer } },
      errors: ['catalogue/unknown-category'],
    },
    async (c, { body }) => sendResult(c, await write((stores) => addProduct({ ...deps, ...stores }, body)), 201),
  );

  app.handle(
    {
      method: 'patch',
      path: '/products/:id',
      tag,
      access: 'staff',
      permission: 'catalogue.manage',
      summary: 'Replace a product (every field)',
      ...productId,
      body: productInputSchema,
      answers: { 200: { description: 'Saved.', body: modifiedAnswer } },
      errors: ['catalogue/unknown-category'],
    },
    async (c, { params, body }) => sendResult(c, await write((stores) => updateProduct({ ...deps, ...stores }, params.id, body))),
  );

  app.handle(
    {
      method: 'delete',
      path: '/products/:id',
      tag,
      access: 'staff',
      permission: 'catalogue.manage',
      summary: 'Delete a product',
      ...productId,
      answers: { 200: { description: 'Deleted.', body: deletedAnswer } },
    },
    async (c, { params }) => sendResult(c, await write((stores) => deleteProduct(stores, params.id))),
  );

  app.handle(
    {
      method: 'post',
      path: '/images',
      tag,
      access: 'staff',
      permission: 'catalogue.manage',
      summary: 'Upload a product or banner image',
      description: 'JPEG, PNG, WebP or GIF up to 5 MB and 25 megapixels; kept as WebP without metadata. Pictures are decoded one at a time and 4 may wait: past that 429 images/busy with Retry-After.',
      upload: { field: 'image', description: 'The image file.' },
      answers: { 201: { description: 'Stored; display_url is the URL to put in a product or banner.', body: uploadedSchema } },
      errors: ['images/missing-file', 'images/unsupported-type', 'images/too-large', 'images/unreadable', 'images/store-failed', 'images/busy'],
    },
    async (c) => {
      const type = c.req.header('content-type') ?? '';
      if (!/^multipart\/form-data/i.test(type)) {
        return sendError(c, appError('images/missing-file', 'Send the image as multipart/form-data in the field "image".'));
      }
      // A full line is told so before its 5 MB are read (issue 40: a flood of uploads held their bodies).
      if (imageDecoding.full()) {
        c.header('Retry-After', '5');
        return sendError(c, imagesBusy());
      }
      let file: unknown;
      try {
        file = (await c.req.parseBody())['image'];
      } catch {
        return sendError(c, appError('images/missing-file', 'The upload could not be read. Choose an image and try again.'));
      }
      if (!(file instanceof File)) return sendError(c, appError('images/missing-file', 'Choose an image to upload (field "image").'));
      const uploaded = await uploadImage(deps, new Uint8Array(await file.arrayBuffer()));
      // Decoded one at a time (issue 40): a full line of waiting uploads is told when to come back.
      if (!uploaded.ok && uploaded.error.code === 'images/busy') c.header('Retry-After', '5');
      return sendResult(c, uploaded, 201);
    },
  );

  return app;
}

/** The query parameters GET /products understands (the response cache keys its answers on them). */
export const productListQuery: readonly string[] = Object.keys(productQuerySchema.shape);
