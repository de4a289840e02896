import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import { describeFailure } from '../../../lib/error-message';
import type { Lang } from '../../../../../src/shared/locale-format';
import type { DeliveryZone } from '../../../../../src/shared/money';
import { useDebounced } from '../../../lib/use-debounced';

/** The advance by bKash an order would ask now (issue 35), null when none: GET /api/checkout/advance. */
export type CheckoutAdvance = Answer<'get /checkout/advance'>['advance'];

/** What checkout asks about: the phone (01XXXXXXXXX), the products' price and coupon discount, the zone. */
export type AdvanceAsked = { phone: string; subtotal: number; discount: number; deliveryLocation: DeliveryZone };

/** The answer as checkout shows it: the advance, or the words of a phone number that cannot order cash on delivery at all. */
export type AdvanceQuote = { advance: CheckoutAdvance; blocked: string | null };

/**
 * The advance for these details; 409 `ordering/cod-blocked` (the phone cannot order cash on delivery
 * at all) is an answer here, with its words in the language shown, not a failure.
 */
export async function getCheckoutAdvance({ phone, subtotal, discount, deliveryLocation }: AdvanceAsked): Promise<AdvanceQuote> {
  try {
    const { advance } = await call(authApi, 'get /checkout/advance', {
      query: { phone, subtotal: String(subtotal), discount: String(discount), deliveryLocation },
    });
    return { advance, blocked: null };
  } catch (error) {
    const failure = await describeFailure(error);
    if (failure.code === 'ordering/cod-blocked') return { advance: null, blocked: failure.message };
    throw error;
  }
}

export const checkoutAdvanceQueryOptions = (asked: AdvanceAsked, lang: Lang) =>
  queryOptions({
    // The language too: a refusal's words are the language's.
    queryKey: ['checkout-advance', asked, lang],
    queryFn: () => getCheckoutAdvance(asked),
    // The rule may change with the shop's settings or the phone's record: asked again on a new visit.
    staleTime: 60_000,
    retry: false,
  });

/**
 * The advance for the details typed so far, asked once they have stayed the same for 400 ms; nothing
 * (undefined) while `asked` is null (no valid phone or zone yet). The last answer stays shown while
 * the next is asked (`checking`): the server decides again when the order is placed.
 */
export function useCheckoutAdvance(asked: AdvanceAsked | null, lang: Lang) {
  const key = JSON.stringify(asked);
  const settled = useDebounced(asked, key, 400);
  const query = useQuery({
    ...checkoutAdvanceQueryOptions(settled ?? { phone: '', subtotal: 0, discount: 0, deliveryLocation: 'Inside Dhaka' }, lang),
    enabled: settled !== null && asked !== null,
    placeholderData: keepPreviousData,
  });
  if (asked === null) return { quote: undefined, checking: false };
  return { quote: query.data, checking: key !== JSON.stringify(settled) || query.isFetching };
}
