import { z } from 'zod';
import { pageFields } from '../../../platform/http/paging.js';
import { typedDigits } from '../../../platform/http/wire.js';
import { orderStatuses } from '../domain/order.js';
import { deliveryFilters, type OrderFilter } from '../ports.js';
import { calendarDay, dayPattern, dhakaDayStart } from '../../../shared/shop-time.js';

// The admins' desk filter as a query (decision 030), shared by its list (GET /allOrders) and its
// CSV export (GET /orders/export.csv), so both take the same values and refuse the same ones.

/**
 * A day of the shop's calendar (Dhaka time) in a query: YYYY-MM-DD, a real day between the years
 * 2000 and 2200. The desk's filter and the sales figures take the same days.
 */
export const dayField = (name: string) =>
  z
    .string()
    .regex(dayPattern, `${name} must be a date such as 2026-11-25`)
    // Not a YYYY-MM-DD at all: the check above says so.
    .refine((day) => !dayPattern.test(day) || calendarDay(day) !== undefined, `${name} is not a day of the calendar`)
    .optional();

const deskFilterFields = {
  q: typedDigits().trim().max(100, 'q is at most 100 characters').optional().meta({ description: 'An order number, a phone number or part of one (ASCII or Bengali digits), or part of a name or an email.' }),
  status: z.enum(orderStatuses, { message: 'status must be Pending, Confirmed or Canceled' }).optional(),
  delivery: z
    .enum(deliveryFilters, { message: `delivery must be one of ${deliveryFilters.join(', ')}` })
    .optional()
    .meta({ description: "Where the order's parcel is (issue 34): a parcel status, or unbooked (Confirmed, not booked with a courier yet)." }),
  from: dayField('from').meta({ description: 'The first day (YYYY-MM-DD, Dhaka time) of the orders placed.' }),
  to: dayField('to').meta({ description: 'The last day (YYYY-MM-DD, Dhaka time), included.' }),
};
type DeskFilterQuery = { q?: string | undefined; status?: OrderFilter['status']; from?: string | undefined; to?: string | undefined; delivery?: OrderFilter['delivery'] };
const fromNotAfterTo = (q: DeskFilterQuery) => !q.from || !q.to || q.from <= q.to;
const fromAfterTo = { message: 'from must not be after to', path: ['from'] };

/** The desk's list: its filter and a page. */
export const deskQuerySchema = z.object({ ...pageFields, ...deskFilterFields }).refine(fromNotAfterTo, fromAfterTo);
/** The desk's filter alone (the export takes every matching order). */
export const deskFilterSchema = z.object(deskFilterFields).refine(fromNotAfterTo, fromAfterTo);

/** The query's days as the projection's times: `from` at the start of its Dhaka day, `to` at the start of the next (exclusive). */
export const deskFilterOf = ({ q, status, from, to, delivery }: DeskFilterQuery): OrderFilter => ({
  q,
  status,
  delivery,
  from: from ? dhakaDayStart(from) : undefined,
  to: to ? dhakaDayStart(to, 1) : undefined,
});
