/**
 * The Bengali name of a size or color (issue 33): a product keeps its sizes and colors in English
 * (the variant's key in carts, orders and stock) and, optionally, their Bengali names by position
 * (`sizesBn[i]` names `sizes[i]`). Answers the name, or undefined when the label has none.
 */
export function bengaliLabel(labels: readonly string[], labelsBn: readonly string[] | null | undefined, label: string): string | undefined {
  if (!label || !labelsBn) return undefined;
  const i = labels.indexOf(label);
  return (i >= 0 && labelsBn[i]) || undefined;
}

/** `{ sizeBn, colorBn }` for a line's size and color, each only when it has one (answers leave out what is absent). */
export function bengaliChoice(
  product: { sizes: readonly string[]; colors: readonly string[]; sizesBn?: readonly string[] | null; colorsBn?: readonly string[] | null },
  size: string,
  color: string,
): { sizeBn?: string; colorBn?: string } {
  const sizeBn = bengaliLabel(product.sizes, product.sizesBn, size);
  const colorBn = bengaliLabel(product.colors, product.colorsBn, color);
  return { ...(sizeBn ? { sizeBn } : {}), ...(colorBn ? { colorBn } : {}) };
}
