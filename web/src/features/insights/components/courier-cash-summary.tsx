import { Link } from 'react-router-dom';
import { QueryStatus } from '../../../components/query-status';
import { formatMoney } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { PAGES } from '../../../app/routes';
import { useCourierCash } from '../api/get-courier-cash';
import { insightsMessages } from '../messages/insights';

/**
 * The cash the couriers hold for the shop now (issue 34): delivered parcels not paid out yet, all
 * couriers together, and a link to the courier cash page (per courier, payouts, returns, CSV).
 */
export function CourierCashSummary() {
  const t = useT(insightsMessages);
  const lang = useLanguage();
  const { data, status } = useCourierCash();
  const held = (data?.couriers ?? []).reduce((sum, row) => ({ amount: sum.amount + row.heldAmount, parcels: sum.parcels + row.heldParcels }), { amount: 0, parcels: 0 });
  return (
    <section className="insight-section" aria-labelledby="courier-cash-summary-title" data-testid="courier-cash-summary">
      <h2 id="courier-cash-summary-title" className="insight-section__title">
        {t('insights.courierCash.title')}
      </h2>
      <QueryStatus status={status} loading={t('insights.courierCash.loading')} failed={t('insights.courierCash.failed')} />
      {status === 'success' && (
        <p className="insight-section__lead" data-testid="courier-cash-held">
          {held.parcels === 0 ? t('insights.courierCash.none') : t('insights.courierCash.held', { amount: formatMoney(held.amount, lang), count: held.parcels })}
        </p>
      )}
      <Link to={PAGES.courierCash.link()}>{t('insights.courierCash.link')}</Link>
    </section>
  );
}
