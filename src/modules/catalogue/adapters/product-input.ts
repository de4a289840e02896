import { createInsertSchema } from 'drizzle-zod';
import { z } from 'zod';
import { pageFields } from '../../../platform/http/paging.js';
import { typedDigits } from '../../../platform/http/wire.js';
import { idPattern } from '../../../shared/ids.js';
import { isShowableImageUrl } from '../../../shared/image-url.js';
import { maxStock, maxVariantsPerProduct, sameVariant, variantKeys } from '../../../shared/stock.js';
import { maxImagesPerProduct, maxPrice, productSorts } from '../domain/product.js';
import { products } from './sqlite/schema.js';

/** A list of labels (sizes, colors): trimmed, empties and repeats dropped, at most 20 of at most 40 characters. */
const labels = (what: string) =>
  z
    .array(z.string({ message: `${what} must be text` }).max(200), { message: `${what} must be a list` })
    .max(50)
    .default([])
    .transform((list) => [...new Set(list.map((s) => s.trim()).filter((s) => s.length > 0))])
    .pipe(z.array(z.string().max(40, `each of ${what} is at most 40 characters`)).max(20, `at most 20 ${what}`));

/** An image is a URL this shop can show: https, or a path under /uploads/ (local store). */
export const imageUrl = z
  .string({ message: 'Each image must be a URL' })
  .trim()
  .max(2048)
  .refine(isShowableImageUrl, 'Each image must be an https URL or an uploaded image');

/**
 * An optional Bengali text (issue 18), limited as its English twin: trimmed and in NFC (the form
 * search folds queries to, so a word typed with either form of য় finds it); '' or null is none
 * (null), absent is "not sent" (undefined).
 */
const bengali = (what: string, max: number, description: string) =>
  z
    .string({ message: `${what} must be text` })
    .trim()
    .max(max, `${what} is at most ${max} characters`)
    .nullable()
    .optional()
    .transform((text) => (text === undefined ? undefined : text?.normalize('NFC') || null))
    .meta({ description });

/**
 * The Bengali names of the sizes or colors (issue 33), by position: entry i names sizes[i] (as
 * stored: trimmed, each once). Each trimmed, in NFC, at most 40 characters; '' names none (the
 * English label is shown). An empty list, all '' or null is none (null); absent is "not sent"
 * (unchanged on PATCH).
 */
const bengaliLabels = (what: string, of: string) =>
  z
    .array(z.string({ message: `${what} must be text` }).trim().max(40, `each of ${what} is at most 40 characters`), { message: `${what} must be a list` })
    .max(20, `at most 20 ${what}`)
    .nullable()
    .optional()
    .transform((list) => (list === undefined ? undefined : list?.some(Boolean) ? list.map((s) => s.normalize('NFC')) : null))
    .meta({ description: `The Bengali names of the ${of}, by position (entry i names ${of}[i]); '' for one without. Shown in Bengali mode; the English label stays the variant's key. [], null: none. Absent: none on POST, unchanged on PATCH.` });

const variantSchema = z.object({
  size: z.string({ message: 'A variant size must be text' }).trim().max(40).default(''),
  color: z.string({ message: 'A variant color must be text' }).trim().max(40).default(''),
  stock: z
    .number({ message: 'Stock must be a number' })
    .int('Stock must be a whole number')
    .min(0, 'Stock cannot be negative')
    .max(maxStock, `Stock is at most ${maxStock}`),
});

/**
 * The product's columns as the API takes them (decision 051): derived from the table
 * (drizzle-zod), each existing field refined with its limits, messages and description. A new
 * column comes in as the table says (a nullable text: a string or null, optional; a SQLite
 * `text(..., { length })` its maximum) without an edit here.
 */
const { title, description, titleBn, descriptionBn, sizesBn, colorsBn, ...columns } = createInsertSchema(products, {
  title: z.string({ message: 'Title is required' }).trim().min(1, 'Title is required').max(120, 'Title is at most 120 characters'),
  description: z.string({ message: 'Description must be text' }).trim().max(5000, 'Description is at most 5000 characters').default(''),
  titleBn: bengali('Bengali title', 120, 'Shown instead of title when the shop is in Bengali. "" or null: none. Absent: none on POST, unchanged on PATCH.'),
  descriptionBn: bengali('Bengali description', 5000, 'Shown instead of description when the shop is in Bengali. "" or null: none. Absent: none on POST, unchanged on PATCH.'),
  price: z
    .number({ message: 'Price must be a number' })
    .int('Price must be a whole number of taka')
    .min(1, 'Price must be at least 1 BDT')
    .max(maxPrice, `Price is at most ${maxPrice} BDT`),
  sizes: labels('sizes'),
  colors: labels('colors'),
  sizesBn: bengaliLabels('Bengali sizes', 'sizes'),
  colorsBn: bengaliLabels('Bengali colors', 'colors'),
  images: z
    .array(imageUrl, { message: 'Images must be a list of URLs' })
    .min(1, 'At least one image is required')
    .max(maxImagesPerProduct, `At most ${maxImagesPerProduct} images`),
}).omit({ id: true, categoryId: true, createdAt: true, updatedAt: true }).shape;

/**
 * The product body of POST and PATCH /api/products, written for the API. Unknown fields (an
 * _id, a createdAt, anything) are dropped by the object schema and never stored. `variants`,
 * when sent, names every size x color once (decision 027).
 */
export const productInputSchema = z.object({
  title,
  description,
  titleBn,
  descriptionBn,
  category: z.string({ message: 'Category is required' }).trim().min(1, 'Category is required').max(80),
  ...columns,
  sizesBn,
  colorsBn,
  variants: z
    .array(variantSchema, { message: 'Variants must be a list of { size, color, stock }' })
    .max(maxVariantsPerProduct, `At most ${maxVariantsPerProduct} variants`)
    .optional()
    .meta({ description: 'Stock per size x color, each combination once ("" for a dimension the product has not). Absent: DEFAULT_STOCK for each new combination, the stock of those that remain on PATCH.' }),
}).superRefine((product, ctx) => {
  for (const [field, of] of [['sizesBn', 'sizes'], ['colorsBn', 'colors']] as const) {
    const bn = product[field];
    if (bn && bn.length > product[of].length) ctx.addIssue({ code: 'custom', path: [field], message: `${field} names the ${of} by position: at most ${product[of].length} here` });
  }
  const keys = variantKeys(product.sizes, product.colors);
  if (keys.length > maxVariantsPerProduct) {
    ctx.addIssue({ code: 'custom', path: ['sizes'], message: `A product has at most ${maxVariantsPerProduct} size and color combinations (${keys.length} here)` });
    return;
  }
  if (!product.variants) return;
  const name = (v: { size: string; color: string }) => [v.size || '(no size)', v.color || '(no color)'].join(' / ');
  for (const [i, v] of product.variants.entries()) {
    if (!keys.some((k) => sameVariant(k, v))) {
      ctx.addIssue({ code: 'custom', path: ['variants', i], message: `${name(v)} is not a size and color of this product` });
      return;
    }
    if (product.variants.findIndex((w) => sameVariant(w, v)) !== i) {
      ctx.addIssue({ code: 'custom', path: ['variants', i], message: `${name(v)} is listed twice` });
      return;
    }
  }
  const missing = keys.find((k) => !product.variants?.some((v) => sameVariant(k, v)));
  if (missing) ctx.addIssue({ code: 'custom', path: ['variants'], message: `Variants must list every size and color combination: ${name(missing)} is missing` });
});

export const categoryInputSchema = z.object({
  category: z.string({ message: 'Category name is required' }).trim().min(1, 'Category name is required').max(80, 'Category name is at most 80 characters'),
  categoryBn: bengali('Bengali category name', 80, 'Shown instead of the name when the shop is in Bengali; the name stays the identity (URLs, uniqueness). "" or null: none.'),
});

/** Whole taka in decimal digits only (ASCII or Bengali), as the paging numbers are. */
const taka = typedDigits()
  .regex(/^\d{1,8}$/, 'must be a whole number of taka')
  .transform(Number)
  .pipe(z.number().max(maxPrice, `must be at most ${maxPrice}`));
const flag = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true');

export const productQuerySchema = z
  .object({
    category: z.string().max(80).optional().meta({ description: 'An exact category name (case and surrounding spaces ignored).' }),
    q: z
      .string()
      .trim()
      .max(120)
      .transform((q) => q || undefined)
      .optional()
      .meta({ description: 'Words to find in the title, category or description, English or Bengali (titleBn, categoryBn, descriptionBn), each as a prefix, all required; ranked.' }),
    minPrice: taka.optional().meta({ description: 'At least this price (BDT).' }),
    maxPrice: taka.optional().meta({ description: 'At most this price (BDT).' }),
    inStock: flag.optional().meta({ description: 'true: only products with some variant in stock.' }),
    lowStock: flag.optional().meta({ description: 'true: only products with some variant at 5 or fewer (sold out included).' }),
    sort: z.enum(productSorts, { message: `must be one of ${productSorts.join(', ')}` }).optional().meta({ description: 'newest when absent; relevance (the default with q) ranks by the words.' }),
    related: z.string().regex(idPattern, 'must be a product id').optional().meta({ description: "Leaves this product out and lists its category's products first." }),
    // The shared paging (default 50, at most 200): every list of the API pages the same way.
    ...pageFields,
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, { message: 'minPrice must not be above maxPrice', path: ['minPrice'] });
