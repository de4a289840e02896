/** One line of a customer's cart: a product with a chosen size and color. Prices are not kept: they are the catalogue's, read when shown and when ordered. */
export type CartLine = {
  id: string;
  userId: string;
  productId: string;
  /** '' when no size was chosen. */
  size: string;
  color: string;
  quantity: number;
  createdAt: Date;
};

/** The hard ceiling of a line's quantity (the spec's field); MAX_LINE_QUANTITY may set it lower. */
export const maxQuantityPerLine = 99;

/** A size or color must be one the product offers, or none ('') at all. */
export const isOfferedChoice = (choice: string, offered: readonly string[]): boolean => choice === '' || offered.includes(choice);

/** Adding to a line that exists adds the quantities; a line never holds more than `max` (MAX_LINE_QUANTITY). */
export function mergedQuantity(existing: number, added: number, max: number = maxQuantityPerLine): number | null {
  const total = existing + added;
  return total > max ? null : total;
}
