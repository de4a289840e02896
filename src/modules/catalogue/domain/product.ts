/** A product as the shop sells it. Prices are whole taka. */
export type Product = {
  id: string;
  title: string;
  description: string;
  category: string;
  price: number;
  sizes: string[];
  colors: string[];
  images: string[];
  createdAt: Date;
};

/** What an admin supplies for a product (already shaped by the API schema). */
export type ProductInput = {
  title: string;
  description: string;
  category: string;
  price: number;
  sizes: string[];
  colors: string[];
  images: string[];
};

export const maxImagesPerProduct = 3;
export const maxPrice = 10_000_000;

/**
 * "a, b ,, c" -> ["a", "b", "c"]: split on commas, trimmed, empties dropped (the spec's rule for
 * sizes and colors typed into one field).
 */
export const parseCommaList = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
