import { deliveryFees } from '../../../src/shared/money';
import { formatMoney } from '../../../src/shared/locale-format';
import type { Lang } from './i18n/i18n';

/**
 * The delivery fees by zone, written in `lang`: what the product and cart pages show (issue 33), from
 * the very table the server charges by and checkout offers (src/shared/money.ts, the spec's fees).
 */
export function deliveryFeeValues(lang: Lang): { inside: string; suburbs: string; outside: string } {
  return {
    inside: formatMoney(deliveryFees['Inside Dhaka'], lang),
    suburbs: formatMoney(deliveryFees['Suburbs Dhaka'], lang),
    outside: formatMoney(deliveryFees['Outside Dhaka'], lang),
  };
}
