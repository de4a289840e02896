import { z } from 'zod';
import { pageFields } from '../../../platform/http/paging.js';
import { isShowableImageUrl } from '../../../shared/image-url.js';
import { maxImagesPerProduct, maxPrice } from '../domain/product.js';

/** A list of labels (sizes, colors): trimmed, empties dropped, at most 20 of at most 40 characters. */
const labels = (what: string) =>
  z
    .array(z.string({ message: `${what} must be text` }).max(200), { message: `${what} must be a list` })
    .max(50)
    .default([])
    .transform((list) => list.map((s) => s.trim()).filter((s) => s.length > 0))
    .pipe(z.array(z.string().max(40, `each of ${what} is at most 40 characters`)).max(20, `at most 20 ${what}`));

/** An image is a URL this shop can show: https, or a path under /uploads/ (local store). */
export const imageUrl = z
  .string({ message: 'Each image must be a URL' })
  .trim()
  .max(2048)
  .refine(isShowableImageUrl, 'Each image must be an https URL or an uploaded image');

/**
 * The product body of POST and PATCH /api/products, written for the API. Unknown fields (an
 * _id, a createdAt, anything) are dropped by the object schema and never stored.
 */
export const productInputSchema = z.object({
  title: z.string({ message: 'Title is required' }).trim().min(1, 'Title is required').max(120, 'Title is at most 120 characters'),
  description: z.string({ message: 'Description must be text' }).trim().max(5000, 'Description is at most 5000 characters').default(''),
  category: z.string({ message: 'Category is required' }).trim().min(1, 'Category is required').max(80),
  price: z
    .number({ message: 'Price must be a number' })
    .int('Price must be a whole number of taka')
    .min(1, 'Price must be at least 1 BDT')
    .max(maxPrice, `Price is at most ${maxPrice} BDT`),
  sizes: labels('sizes'),
  colors: labels('colors'),
  images: z
    .array(imageUrl, { message: 'Images must be a list of URLs' })
    .min(1, 'At least one image is required')
    .max(maxImagesPerProduct, `At most ${maxImagesPerProduct} images`),
});

export const categoryInputSchema = z.object({
  category: z.string({ message: 'Category name is required' }).trim().min(1, 'Category name is required').max(80, 'Category name is at most 80 characters'),
});

export const productQuerySchema = z.object({
  category: z.string().max(80).optional(),
  q: z.string().trim().max(120).optional(),
  // The shared paging (default 50, at most 200): every list of the API pages the same way.
  ...pageFields,
});
