/**
 * " (Inside Dhaka)" after an address or a fee in messages and documents; nothing for an order without a
 * zone (an order imported from the original product may have none: its placeholder was left out).
 */
export const zoneInParens = (zone: string): string => (zone ? ` (${zone})` : '');

/** The delivery zones as the Bengali pages name them (web orders/checkout namespaces). */
const zones: Record<string, string> = {
  'Inside Dhaka': 'ঢাকার ভিতরে',
  'Suburbs Dhaka': 'ঢাকার আশেপাশে',
  'Outside Dhaka': 'ঢাকার বাইরে',
};

/** A delivery zone in Bengali; a zone this table does not know stays as written. */
export const zoneInBengali = (zone: string): string => zones[zone] ?? zone;
