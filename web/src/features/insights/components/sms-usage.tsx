import { QueryStatus } from '../../../components/query-status';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { useSmsUsage } from '../api/get-sms-usage';
import { insightsMessages } from '../messages/insights';

/**
 * The day's SMS (checkout codes and order texts) against SMS_DAILY_BUDGET, the last hour's against
 * SMS_PER_SHOP_HOUR, the texts a ceiling held, and the ceilings per number and per address
 * (issue 40, decision 048).
 */
export function SmsUsagePanel() {
  const t = useT(insightsMessages);
  const lang = useLanguage();
  const { data, status } = useSmsUsage();
  const n = (value: number) => formatNumber(value, lang);
  return (
    <section className="insight-section" aria-labelledby="sms-usage-title" data-testid="sms-usage">
      <h2 id="sms-usage-title" className="insight-section__title">
        {t('insights.sms.title')}
      </h2>
      <QueryStatus status={status} loading={t('insights.sms.loading')} failed={t('insights.sms.failed')} />
      {status === 'success' && (
        <>
          <p className="insight-section__lead" data-testid="sms-today">
            {t('insights.sms.today', { sent: n(data.today), budget: n(data.ceilings.dailyBudget), codes: n(data.codesToday) })}
          </p>
          {data.budgetSpent && (
            <p className="notice notice--error" role="status" data-testid="sms-budget-spent">
              {t('insights.sms.spent')}
            </p>
          )}
          <ul className="insight-section__lead">
            <li>{t('insights.sms.lastHour', { sent: n(data.lastHour), limit: n(data.ceilings.perShopHour) })}</li>
            <li data-testid="sms-held">{t('insights.sms.held', { held: n(data.heldToday) })}</li>
            <li>{t('insights.sms.perNumber', { hour: n(data.ceilings.perNumberHour), day: n(data.ceilings.perNumberDay) })}</li>
            <li>{t('insights.sms.perAddress', { hour: n(data.ceilings.perAddressHour), day: n(data.ceilings.perAddressDay) })}</li>
          </ul>
        </>
      )}
    </section>
  );
}
