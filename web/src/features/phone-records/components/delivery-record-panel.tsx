import { formatNumber } from '../../../../../src/shared/locale-format';
import { formatWhen } from '../../../lib/format-when';
import { useLanguage, useT, type Lang, type Translate } from '../../../lib/i18n/i18n';
import { usePhoneRecord, type SourceRecord } from '../api/get-phone-record';
import { phoneRecordsMessages, type PhoneRecordsId } from '../messages/phone-records';
import { courierTallies, nameOf, ownAccepted, percentOf } from '../record-words';
import './delivery-record-panel.css';

/** A source's or courier's name in the language shown. */
const named = (t: Translate<PhoneRecordsId>, kind: 'source' | 'courier', name: string): string => {
  const found = nameOf(kind, name);
  return 'id' in found ? t(found.id) : found.text;
};

/**
 * The delivery record of an order's phone number on the admin's order page (issue 35), as advice
 * only: "good record" or not yet, the shop's own parcels accepted of those finished, each courier
 * source's figures and when they were read, and the sources that did not answer.
 */
export function DeliveryRecordPanel({ orderId }: { orderId: string }) {
  const t = useT(phoneRecordsMessages);
  const lang = useLanguage();
  const { data: record, status, refetch, isFetching } = usePhoneRecord(orderId);
  const n = (value: number) => formatNumber(value, lang);

  if (status === 'pending') {
    return (
      <p className="record-panel__muted" role="status">
        {t('phoneRecords.loading')}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <div className="record-panel">
        <p className="record-panel__error">{t('phoneRecords.failed')}</p>
        <button type="button" className="button button--secondary button--small" disabled={isFetching} onClick={() => void refetch()}>
          {t('phoneRecords.retry')}
        </button>
      </div>
    );
  }

  const { own } = record;
  const { accepted, finished } = ownAccepted(own);
  const ownPercent = percentOf(accepted, finished);
  return (
    <div className="record-panel" data-testid="delivery-record" data-good={record.good}>
      <p className="record-panel__advice">
        <span className={`record-panel__word record-panel__word--${record.good ? 'good' : 'none'}`} data-testid="record-advice">
          {record.good ? t('phoneRecords.good') : t('phoneRecords.notGood')}
        </span>{' '}
        <span className="record-panel__muted">{t('phoneRecords.advice')}</span>
      </p>

      <section aria-labelledby="record-own-title">
        <h3 id="record-own-title" className="record-panel__subtitle">
          {t('phoneRecords.own.title')}
        </h3>
        <p className="record-panel__figure" data-testid="record-own">
          {finished > 0 ? t('phoneRecords.own.accepted', { accepted: n(accepted), finished }) : t('phoneRecords.own.none')}
          {ownPercent !== null && ` ${t('phoneRecords.percent', { percent: n(ownPercent) })}`}
        </p>
        <p className="record-panel__muted">
          {t('phoneRecords.own.detail', {
            placed: n(own.placed),
            delivered: n(own.delivered),
            returned: n(own.returned),
            canceledByShop: n(own.canceledByShop),
            canceledByCustomer: n(own.canceledByCustomer),
          })}
        </p>
      </section>

      <section aria-labelledby="record-couriers-title">
        <h3 id="record-couriers-title" className="record-panel__subtitle">
          {t('phoneRecords.couriers.title')}
        </h3>
        {record.couriers.length === 0 && record.unavailable.length === 0 ? (
          <p className="record-panel__muted">{t('phoneRecords.couriers.none')}</p>
        ) : (
          <ul className="record-panel__sources">
            {record.couriers.map((source) => (
              <SourceLine key={source.source} source={source} t={t} lang={lang} />
            ))}
            {record.unavailable.map((source) => (
              <li key={source.source} className="record-panel__source" data-testid="record-unavailable">
                <span className="record-panel__source-name">{named(t, 'source', source.source)}</span>{' '}
                <span className="record-panel__error">{t('phoneRecords.unavailable', { message: source.message })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="record-panel__muted">{t('phoneRecords.goodRule', { percent: n(record.goodPercent) })}</p>
    </div>
  );
}

/** A source's figures, its couriers' when it gives them, and when it was read. */
function SourceLine({ source, t, lang }: { source: SourceRecord; t: Translate<PhoneRecordsId>; lang: Lang }) {
  const n = (value: number) => formatNumber(value, lang);
  const percent = percentOf(source.delivered, source.delivered + source.returned);
  const tallies = courierTallies(source);
  return (
    <li className="record-panel__source" data-testid="record-source" data-source={source.source}>
      <span className="record-panel__source-name">{named(t, 'source', source.source)}</span>{' '}
      <span>
        {source.total > 0 ? t('phoneRecords.source.line', { delivered: n(source.delivered), total: source.total, returned: n(source.returned) }) : t('phoneRecords.source.empty')}
        {percent !== null && ` ${t('phoneRecords.percent', { percent: n(percent) })}`}
      </span>{' '}
      <span className="record-panel__muted">
        · <time dateTime={source.checkedAt}>{t('phoneRecords.checked', { at: formatWhen(source.checkedAt, lang) })}</time>
      </span>
      {tallies.length > 0 && (
        <ul className="record-panel__couriers">
          {tallies.map((tally) => (
            <li key={tally.courier}>
              {t('phoneRecords.courier.line', { courier: named(t, 'courier', tally.courier), delivered: n(tally.delivered), total: n(tally.total), returned: n(tally.returned) })}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
