import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer, Body } from '../../../lib/api/contracts';
import { describeFailure, isSessionFailure } from '../../../lib/error-message';
import { useDebounced } from '../../../lib/use-debounced';
import { ordersQueryKeyRoot } from './get-orders';

/**
 * Orders the staff take for a person without an account (issue 36): the person by phone, the
 * server's price of the order as it stands, and the order itself (their contracts:
 * src/modules/ordering/adapters/take-order-http.ts, src/modules/customers/adapters/http.ts).
 */
export type TakeOrderBody = Body<'post /orders/staff'>;
export type TakenQuote = Answer<'post /orders/staff/quote'>;
export type KnownCustomer = Answer<'get /customers'>;

/** What the shop knows of a phone: its customer record, its newest order, its orders by outcome. 400 `http/validation` for a number that is not a Bangladeshi mobile. */
export function getCustomer(phone: string): Promise<KnownCustomer> {
  return call(authApi, 'get /customers', { query: { phone } });
}

export function useCustomerLookup() {
  return useMutation({ mutationFn: getCustomer });
}

/**
 * The server's price of the order as the form has it (POST /api/orders/staff/quote: the same checks
 * as taking it, nothing stored), asked once the form has stayed the same for 500 ms; nothing while
 * `body` is null (the form is not complete). A refusal (out of stock, over the discount limit...) is
 * the query's error. The last answer stays shown while the next is asked.
 */
export function useTakenQuote(body: TakeOrderBody | null) {
  const key = JSON.stringify(body);
  const settled = useDebounced(body, key, 500);
  const query = useQuery({
    queryKey: [...ordersQueryKeyRoot, 'staff-quote', settled],
    queryFn: () => quoteOrRefusal(settled as TakeOrderBody),
    enabled: settled !== null && body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
  const current = body !== null && key === JSON.stringify(settled) && !query.isFetching;
  const answer = body === null ? undefined : query.data;
  return { quote: answer && 'total' in answer ? answer : undefined, problem: current && answer && 'problem' in answer ? answer.problem : null, current };
}

/** The quote, or the refusal's words (in the language shown): a refusal is an answer to show beside the form, not a failure. */
async function quoteOrRefusal(body: TakeOrderBody): Promise<TakenQuote | { problem: string }> {
  try {
    return await call(authApi, 'post /orders/staff/quote', { body });
  } catch (error) {
    const failure = await describeFailure(error);
    if (isSessionFailure(failure)) throw error;
    return { problem: failure.message };
  }
}

/**
 * 201 (or 200 with the first order for a repeated Idempotency-Key). Refusals: 409
 * `ordering/total-changed` (with the fresh totals), `ordering/out-of-stock`, `ordering/phone-blocked`,
 * `ordering/cod-blocked`; 422 `ordering/discount-over-limit`, `ordering/discount-too-large`; 400
 * `http/validation`.
 */
export function takeOrder(body: TakeOrderBody, idempotencyKey: string): Promise<Answer<'post /orders/staff'>> {
  return call(authApi, 'post /orders/staff', { body, headers: { 'Idempotency-Key': idempotencyKey }, timeout: 30_000 });
}

export function useTakeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TakeOrderBody; idempotencyKey: string }) => takeOrder(body, idempotencyKey),
    // The desk's lists, the stock the picker shows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKeyRoot }),
  });
}
