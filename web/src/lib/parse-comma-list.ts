/**
 * "S, M ,, L " -> ["S", "M", "L"]: how the admin forms read sizes and colors typed as one line.
 * Order is kept and duplicates are not removed (the admin typed them).
 */
export function parseCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
