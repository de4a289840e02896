/**
 * " (Inside Dhaka)" after an address or a fee in messages and documents; nothing for an order without a
 * zone (an order imported from the original product may have none: its placeholder was left out).
 */
export const zoneInParens = (zone: string): string => (zone ? ` (${zone})` : '');
