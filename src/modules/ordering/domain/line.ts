/** One line of an order: a product's variant, its quantity and its price when ordered (whole taka). */
export type OrderLine = {
  productId: string;
  title: string;
  /**
   * The product's Bengali title when the order was placed (issue 33), beside its English `title`:
   * My Orders and the invoice name the item in the reader's language, and a later rename changes
   * no past order. Absent when the product had none, and in orders placed before it was kept.
   */
  titleBn?: string;
  category: string;
  image: string;
  size: string;
  color: string;
  /** The Bengali names of the size and color when the order was placed (issue 33), each absent when it had none. */
  sizeBn?: string;
  colorBn?: string;
  quantity: number;
  unitPrice: number;
  /** unitPrice x quantity */
  price: number;
};
