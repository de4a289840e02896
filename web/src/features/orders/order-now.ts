/**
 * Order Now: the product page sends one item to /dashboard/checkout (a visitor's, in a shop that takes
 * guest orders: /checkout) in the router state (`{ orderNow: OrderNowItem }`); nothing is written to
 * the cart. The server prices it again.
 */
export type OrderNowItem = {
  productId: string;
  title: string;
  image: string;
  size: string;
  color: string;
  /** The size and color as the product page showed them (their Bengali names in Bengali, issue 33); size and color stay the keys. */
  sizeLabel?: string;
  colorLabel?: string;
  quantity: number;
  /** The price the product page showed (whole taka). */
  unitPrice: number;
};

export type OrderNowState = { orderNow: OrderNowItem };

const isWholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The Order Now item of a router state, or null (none, or not one we sent: history state can be anything). */
export function readOrderNow(state: unknown): OrderNowItem | null {
  if (typeof state !== 'object' || state === null) return null;
  const item = (state as Partial<OrderNowState>).orderNow as Partial<OrderNowItem> | undefined;
  if (typeof item !== 'object' || item === null) return null;
  const { productId, title, image, size, color, quantity, unitPrice, sizeLabel, colorLabel } = item;
  if (typeof productId !== 'string' || typeof title !== 'string' || typeof image !== 'string') return null;
  if (typeof size !== 'string' || typeof color !== 'string') return null;
  if (!isWholeNumber(quantity) || quantity < 1 || quantity > 99 || !isWholeNumber(unitPrice) || unitPrice < 0) return null;
  const labels = {
    ...(typeof sizeLabel === 'string' && sizeLabel.length <= 80 ? { sizeLabel } : {}),
    ...(typeof colorLabel === 'string' && colorLabel.length <= 80 ? { colorLabel } : {}),
  };
  return { productId, title, image, size, color, quantity, unitPrice, ...labels };
}
