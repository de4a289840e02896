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

export const maxQuantityPerLine = 99;

/** A size or color must be one the product offers, or none ('') at all. */
export const isOfferedChoice = (choice: string, offered: readonly string[]): boolean => choice === '' || offered.includes(choice);

/** Adding to a line that exists adds the quantities; a line never holds more than 99. */
export function mergedQuantity(existing: number, added: number): number | null {
  const total = existing + added;
  return total > maxQuantityPerLine ? null : total;
}
