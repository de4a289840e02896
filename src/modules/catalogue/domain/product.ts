import type { Variant } from '../../../shared/stock.js';

/** What an admin supplies for a product (already shaped by the API schema). */
export type ProductInput = {
  title: string;
  description: string;
  /** The category's name. */
  category: string;
  /** Whole taka. */
  price: number;
  sizes: string[];
  colors: string[];
  images: string[];
  /** Stock per size x color, each combination once; absent from an older client (decision 027). */
  variants?: Variant[] | undefined;
};

/** A product as the shop sells it: its variants in variantKeys order. */
export type Product = Omit<ProductInput, 'variants'> & { id: string; createdAt: Date; variants: Variant[] };

export const maxImagesPerProduct = 3;
export const maxPrice = 10_000_000;
