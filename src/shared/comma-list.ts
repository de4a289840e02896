/**
 * "a, b ,, c" -> ["a", "b", "c"]: split on commas, trimmed, empties dropped (the spec's rule for
 * sizes and colors typed into one field).
 */
export const parseCommaList = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
