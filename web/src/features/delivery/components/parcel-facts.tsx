import { formatDateTime } from '../../../../../src/shared/locale-dates';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { deliveryShopperMessages } from '../messages/delivery-shopper';
import { courierNameId, courierWords, parcelStatusId, type ParcelView } from '../parcel-words';
import './parcel-status.css';

/** A parcel's courier, tracking code, status in words, the courier's latest message and when it last moved. */
export function ParcelFacts({ parcel }: { parcel: ParcelView }) {
  const t = useT(deliveryShopperMessages);
  const lang = useLanguage();
  const courier = courierNameId(parcel.courier);
  const words = courierWords(parcel, lang);
  return (
    <dl className="parcel-facts" data-testid="parcel-facts">
      <div>
        <dt>{t('deliveryShopper.parcel.courier')}</dt>
        <dd data-testid="parcel-courier">{courier ? t(courier) : <span lang="en">{parcel.courier}</span>}</dd>
      </div>
      <div>
        <dt>{t('deliveryShopper.parcel.trackingCode')}</dt>
        <dd>
          <code className="parcel-facts__code" data-testid="parcel-tracking-code">
            {parcel.trackingCode}
          </code>
        </dd>
      </div>
      <div>
        <dt>{t('deliveryShopper.parcel.status')}</dt>
        <dd className={`parcel-facts__status parcel-facts__status--${parcel.status}`} data-testid="parcel-status-text">
          {t(parcelStatusId(parcel.status))}
        </dd>
      </div>
      {words && (
        <div>
          <dt>{t('deliveryShopper.parcel.message')}</dt>
          <dd className="parcel-facts__message" data-testid="parcel-message" {...(words.lang === lang ? {} : { lang: words.lang })}>
            {words.text}
          </dd>
        </div>
      )}
      <div>
        <dt>{t('deliveryShopper.parcel.updated')}</dt>
        <dd>
          <time dateTime={parcel.updatedAt}>{formatDateTime(parcel.updatedAt, lang)}</time>
        </dd>
      </div>
    </dl>
  );
}
