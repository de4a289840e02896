// The product's fields are declared once, as the columns of its table (decision 051): see
// ../product.ts for the types derived from them. Here only the pure limits and sorts.

export const maxImagesPerProduct = 3;
export const maxPrice = 10_000_000;

export const productSorts = ['newest', 'price_asc', 'price_desc', 'relevance'] as const;
export type ProductSort = (typeof productSorts)[number];
