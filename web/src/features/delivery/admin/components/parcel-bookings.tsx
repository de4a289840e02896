import { useSearchParams } from 'react-router-dom';
import { DataTable } from '../../../../components/data-table';
import { Pager } from '../../../../components/pager';
import { QueryStatus } from '../../../../components/query-status';
import { useLanguage, useT } from '../../../../lib/i18n/i18n';
import { pageNumber } from '../../../../lib/paging';
import { formatNumber } from '../../../../../../src/shared/locale-format';
import { BOOKINGS_PAGE_SIZE, useBookings } from '../api/get-bookings';
import { deliveryAdminMessages } from '../messages/delivery-admin';
import { BOOKING_STATE_IDS, courierName } from '../names';
import { formatWhen } from '../format-when';

/** The page of this list, in the order page's URL (?bookingsPage=2). */
const PAGE_PARAM = 'bookingsPage';

/** The bookings asked of couriers for one order, newest first: state, attempts and the last error; a page at a time. */
export function ParcelBookings({ orderId }: { orderId: string }) {
  const t = useT(deliveryAdminMessages);
  const lang = useLanguage();
  const [params] = useSearchParams();
  const page = pageNumber(params.get(PAGE_PARAM));
  const { data, status } = useBookings(orderId, page);
  const rows = data?.items ?? [];
  return (
    <section className="parcel-bookings" aria-labelledby="parcel-bookings-title">
      <h3 id="parcel-bookings-title" className="parcel-panel__subtitle">
        {t('deliveryAdmin.bookings.title')}
      </h3>
      <QueryStatus status={status} loading={t('deliveryAdmin.bookings.loading')} failed={t('deliveryAdmin.bookings.failed')} />
      {status === 'success' &&
        (rows.length === 0 && page === 1 ? (
          <p className="parcel-panel__muted">{t('deliveryAdmin.bookings.none')}</p>
        ) : (
          <>
            <DataTable
              labelledBy="parcel-bookings-title"
              caption={t('deliveryAdmin.bookings.caption')}
              columns={[t('deliveryAdmin.bookings.col.asked'), t('deliveryAdmin.bookings.col.courier'), t('deliveryAdmin.bookings.col.state'), t('deliveryAdmin.bookings.col.attempts'), t('deliveryAdmin.bookings.col.lastError')]}
            >
              {rows.map((booking) => (
                <tr key={booking.id} data-testid="parcel-booking" data-state={booking.state}>
                  <td className="data-table__nowrap">
                    <time dateTime={booking.createdAt}>{formatWhen(booking.createdAt, lang)}</time>
                    <span className="parcel-panel__muted parcel-bookings__by">{booking.requestedBy}</span>
                  </td>
                  <td>{courierName(t, booking.courier)}</td>
                  <td>
                    {t(BOOKING_STATE_IDS[booking.state])}
                    {booking.state === 'queued' && (
                      <span className="parcel-panel__muted parcel-bookings__next">
                        {t('deliveryAdmin.bookings.next', { when: formatWhen(booking.nextAttemptAt, lang) })}
                      </span>
                    )}
                  </td>
                  <td>{formatNumber(booking.attempts, lang)}</td>
                  <td className="parcel-bookings__error" lang="en">
                    {booking.lastError ?? '—'}
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager page={page} total={data.total} shown={rows.length} size={BOOKINGS_PAGE_SIZE} param={PAGE_PARAM} label={t('deliveryAdmin.bookings.pages')} />
          </>
        ))}
    </section>
  );
}
