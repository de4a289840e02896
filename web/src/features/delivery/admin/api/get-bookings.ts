import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../../lib/paging';
import { retryUnlessClientError } from '../../../../lib/query-client';
import { deliveryQueryKeyRoot, type Booking } from './delivery-keys';

/** Bookings a page of the order page's list shows (an order has one or two in practice). */
export const BOOKINGS_PAGE_SIZE = 10;

/** Admin only: an order's bookings with couriers, newest first, one page (1, 2, ...). */
export function getBookings(orderId: string, page: number): Promise<Page<Booking>> {
  return getPage(authApi, 'get /orders/:id/bookings', pageQuery(page, BOOKINGS_PAGE_SIZE), { params: { id: orderId } });
}

export const bookingsQueryOptions = (orderId: string, page: number) =>
  queryOptions({
    queryKey: [...deliveryQueryKeyRoot, 'bookings', orderId, page],
    queryFn: () => getBookings(orderId, page),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useBookings(orderId: string, page: number) {
  return useQuery(bookingsQueryOptions(orderId, page));
}
