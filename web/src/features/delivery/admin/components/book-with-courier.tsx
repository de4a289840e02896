import { useQueryClient } from '@tanstack/react-query';
import { showFailure } from '../../../../lib/dialog';
import { useLanguage, useT } from '../../../../lib/i18n/i18n';
import { formatNumber } from '../../../../../../src/shared/locale-format';
import { useBookOrders } from '../api/book-orders';
import { couriersQueryOptions } from '../api/get-couriers';
import { chooseCourier, showBookingResults } from '../booking-dialogs';
import { deliveryAdminMessages } from '../messages/delivery-admin';

export type BookWithCourierProps = {
  /** The desk's ticked orders: Confirmed, not booked yet. */
  orderIds: readonly string[];
  /** Called once the results were shown: the desk clears its ticks and reloads its rows. */
  onDone: () => void;
};

/**
 * The desk's "Book with courier (N)": the courier chosen in a dialog (the couriers whose keys the
 * shop lacks shown disabled), POST /api/shipments, then a dialog with each order's result.
 */
export function BookWithCourier({ orderIds, onDone }: BookWithCourierProps) {
  const t = useT(deliveryAdminMessages);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const book = useBookOrders();
  const count = orderIds.length;

  async function start() {
    let couriers;
    try {
      couriers = await queryClient.fetchQuery(couriersQueryOptions());
    } catch (error) {
      await showFailure(error, t('deliveryAdmin.couriersFailed'));
      return;
    }
    const courier = await chooseCourier(t, couriers, count);
    if (!courier) return;
    let answer;
    try {
      answer = await book.mutateAsync({ orderIds: [...orderIds], courier });
    } catch (error) {
      await showFailure(error, t('deliveryAdmin.bookFailed'));
      return;
    }
    await showBookingResults(t, lang, answer.courier, answer.results);
    onDone();
  }

  return (
    <button
      type="button"
      className="button button--primary button--small"
      disabled={count === 0 || book.isPending}
      aria-busy={book.isPending}
      onClick={() => void start()}
      data-testid="book-with-courier"
    >
      {book.isPending ? t('deliveryAdmin.booking') : t('deliveryAdmin.bookWithCourier', { count: formatNumber(count, lang) })}
    </button>
  );
}
