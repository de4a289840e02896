/**
 * Bangladeshi mobile numbers: 01[3-9] and 8 more digits, written with or without +88 (or 88),
 * spaces or dashes. Stored normalised as +8801XXXXXXXXX.
 */
export function normalizeBdMobile(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const match = /^(?:\+?88)?(01[3-9]\d{8})$/.exec(compact);
  return match ? `+88${match[1]}` : null;
}
