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
};

/** A product as the shop sells it. */
export type Product = ProductInput & { id: string; createdAt: Date };

export const maxImagesPerProduct = 3;
export const maxPrice = 10_000_000;

