import type { FormEvent } from 'react';
import { DataTable } from '../../../../components/data-table';
import { useAuth } from '../../../../lib/auth/use-auth';
import { QueryStatus } from '../../../../components/query-status';
import { useDownload } from '../../../../lib/download';
import { useLanguage, useT } from '../../../../lib/i18n/i18n';
import { useQueryChange } from '../../../../lib/use-query-change';
import { useShown } from '../../../../lib/use-shown';
import { formatMoney, formatNumber } from '../../../../../../src/shared/locale-format';
import { formatDate } from '../../../../../../src/shared/locale-dates';
import { downloadCourierCash } from '../api/export-courier-cash';
import { useCourierCash } from '../api/get-courier-cash';
import { cashPeriodFromSearch, cashSearchWith } from '../cash-period';
import { PayoutForm } from '../components/payout-form';
import { deliveryAdminMessages } from '../messages/delivery-admin';
import { courierName } from '../names';
import '../delivery-admin.css';

/**
 * /dashboard/couriercash (admin, issue 34): the cash each courier holds for the shop now, and what
 * it delivered and collected, paid out (and kept as fees) and returned in a period (the last 30 days
 * unless the URL says other days); as CSV too; and a courier's payout recorded against its parcels.
 */
export function CourierCashPage() {
  const t = useT(deliveryAdminMessages);
  const lang = useLanguage();
  const { can } = useAuth();
  const [params, changeQuery] = useQueryChange();
  const period = cashPeriodFromSearch(params);
  const cash = useCourierCash(period);
  const [from, setFrom] = useShown(cash.data?.from ?? period.from ?? '');
  const [to, setTo] = useShown(cash.data?.to ?? period.to ?? '');
  const download = useDownload(() => downloadCourierCash(period));
  const money = (amount: number) => formatMoney(amount, lang);
  const count = (n: number) => formatNumber(n, lang);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    changeQuery((latest) => cashSearchWith(latest, { from: from || undefined, to: to || undefined }));
  }

  return (
    <section className="dashboard-page courier-cash" aria-labelledby="courier-cash-title">
      <h1 id="courier-cash-title" className="page__title">
        {t('deliveryAdmin.cash.title')}
      </h1>
      <p className="page__lead">{t('deliveryAdmin.cash.lead')}</p>

      <form className="list-controls courier-cash__period" aria-label={t('deliveryAdmin.cash.period')} onSubmit={apply}>
        <label className="list-controls__field courier-cash__day">
          <span className="list-controls__label">{t('deliveryAdmin.cash.from')}</span>
          <input className="form-field__input" type="date" name="from" min="2000-01-01" max="2200-12-31" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="list-controls__field courier-cash__day">
          <span className="list-controls__label">{t('deliveryAdmin.cash.to')}</span>
          <input className="form-field__input" type="date" name="to" min="2000-01-01" max="2200-12-31" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
        <div className="courier-cash__buttons">
          <button type="submit" className="button button--primary button--small">
            {t('deliveryAdmin.cash.show')}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={download.run} disabled={download.busy} aria-busy={download.busy}>
            {download.busy ? t('deliveryAdmin.cash.downloading') : t('deliveryAdmin.cash.download')}
          </button>
        </div>
      </form>

      <QueryStatus status={cash.status} loading={t('deliveryAdmin.cash.loading')} failed={t('deliveryAdmin.cash.failed')} />
      {cash.status === 'success' && (
        <div aria-busy={cash.isPlaceholderData}>
          <p className="page__lead" aria-live="polite" data-testid="cash-period">
            {t('deliveryAdmin.cash.fromTo', { from: formatDate(cash.data.from, lang), to: formatDate(cash.data.to, lang) })}
          </p>
          {cash.data.couriers.length === 0 ? (
            <p className="notice" data-testid="cash-none">
              {t('deliveryAdmin.cash.none')}
            </p>
          ) : (
            <DataTable
              labelledBy="courier-cash-title"
              caption={t('deliveryAdmin.cash.caption')}
              columns={[t('deliveryAdmin.cash.col.courier'), t('deliveryAdmin.cash.col.held'), t('deliveryAdmin.cash.col.delivered'), t('deliveryAdmin.cash.col.settled'), t('deliveryAdmin.cash.col.returns')]}
              className="data-table courier-cash__table"
            >
              {cash.data.couriers.map((row) => (
                <tr key={row.courier} data-testid="courier-cash" data-courier={row.courier}>
                  <th scope="row">{courierName(t, row.courier)}</th>
                  <td>
                    <strong className="courier-cash__figure" data-testid="held-amount">
                      {money(row.heldAmount)}
                    </strong>
                    <span className="courier-cash__line" data-testid="held-parcels">
                      {t('deliveryAdmin.cash.parcels', { count: row.heldParcels })}
                    </span>
                    <span className="courier-cash__line" data-testid="held-charges">
                      {t('deliveryAdmin.cash.heldCharges', { amount: money(row.heldCharges) })}
                    </span>
                  </td>
                  <td>
                    <strong className="courier-cash__figure" data-testid="collected-amount">
                      {money(row.collectedAmount)}
                    </strong>
                    <span className="courier-cash__line" data-testid="delivered-parcels">
                      {t('deliveryAdmin.cash.parcels', { count: row.deliveredParcels })}
                    </span>
                  </td>
                  <td>
                    <strong className="courier-cash__figure" data-testid="settled-amount">
                      {money(row.settledAmount)}
                    </strong>
                    <span className="courier-cash__line" data-testid="settled-parcels">
                      {t('deliveryAdmin.cash.parcels', { count: row.settledParcels })}
                    </span>
                    <span className="courier-cash__line" data-testid="settled-fees">
                      {t('deliveryAdmin.cash.fees', { amount: money(row.settledFees) })}
                    </span>
                  </td>
                  <td>
                    <strong className="courier-cash__figure" data-testid="returned-parcels">
                      {t('deliveryAdmin.cash.parcels', { count: row.returnedParcels })}
                    </strong>
                    <span className="courier-cash__line" data-testid="return-charges">
                      {t('deliveryAdmin.cash.returnCharges', { amount: money(row.returnCharges) })}
                    </span>
                    <span className="courier-cash__line" data-testid="returns-received">
                      {t('deliveryAdmin.cash.returnsReceived', { count: count(row.returnsReceived) })}
                    </span>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </div>
      )}

      {/* Recording a payout needs money.manage (issue 36): sales.read only reads the figures. */}
      {can('money.manage') && <PayoutForm />}
    </section>
  );
}
