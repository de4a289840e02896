import type { Variant } from '../../../shared/stock.js';

/** What an admin supplies for a product (already shaped by the API schema). */
export type ProductInput = {
  title: string;
  description: string;
  /**
   * Bengali title and description (issue 18): null for none (the English is shown). Absent: none
   * for a new product, unchanged on an update (a client that does not know them keeps them).
   */
  titleBn?: string | null | undefined;
  descriptionBn?: string | null | undefined;
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

/** A product as the shop sells it: its variants in variantKeys order; `categoryBn` is its category's Bengali name. */
export type Product = Omit<ProductInput, 'variants' | 'titleBn' | 'descriptionBn'> & {
  id: string;
  titleBn: string | null;
  descriptionBn: string | null;
  categoryBn: string | null;
  createdAt: Date;
  variants: Variant[];
};

export const maxImagesPerProduct = 3;
export const maxPrice = 10_000_000;
