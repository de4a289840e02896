/** The demo catalogue's categories, in the order a shopper sees them. */
export const demoCategoryNames: readonly string[] = [
  'Figures',
  'Trading Cards',
  'Apparel',
  'Posters',
  'Keychains',
  'Plush',
];
