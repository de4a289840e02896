import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { GoBack } from '../../../components/go-back';
import { describeFailure } from '../../../lib/error-message';
import { isHTTPError } from '../../../lib/http-errors';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { formatDateTime } from '../../../../../src/shared/locale-dates';
import { formatDigits } from '../../../../../src/shared/locale-format';
import { useTrackOrder, type Tracking } from '../api/track-order';
import { ParcelFacts } from '../components/parcel-facts';
import type { TrackLinkState } from '../components/parcel-status';
import { deliveryShopperMessages } from '../messages/delivery-shopper';
import { orderStatusId, readTrackForm, type TrackErrorId, type TrackField } from '../parcel-words';

type Refusal = { kind: 'not-found' } | { kind: 'too-many' } | { kind: 'failed'; message: string };

/** Why a look-up gave no order: no such order for that phone (404), too many look-ups (429), or anything else in words. */
async function refusalOf(error: unknown): Promise<Refusal> {
  if (isHTTPError(error) && error.response.status === 404) return { kind: 'not-found' };
  if (isHTTPError(error) && error.response.status === 429) return { kind: 'too-many' };
  return { kind: 'failed', message: (await describeFailure(error)).message };
}

/**
 * /track (public, no sign-in): where an order is, by its number and the phone it was placed with
 * (GET /api/track). The booked SMS links here as /track?order=N; My Orders' link brings the phone
 * too (in the link's state, never in the address). Bengali digits are read as digits.
 */
export function TrackPage() {
  const t = useT(deliveryShopperMessages);
  const [params] = useSearchParams();
  const { state } = useLocation();
  const orderParam = params.get('order') ?? '';
  const phoneState = (state as TrackLinkState | null)?.phone;
  const lookup = useTrackOrder();
  const [errors, setErrors] = useState<Partial<Record<TrackField, TrackErrorId>>>({});
  const [found, setFound] = useState<Tracking | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (lookup.isPending) return;
    const data = new FormData(event.currentTarget);
    const read = readTrackForm(String(data.get('order') ?? ''), String(data.get('phone') ?? ''));
    if (!read.ok) {
      setErrors(read.errors);
      document.getElementById(read.errors.order ? 'track-order' : 'track-phone')?.focus();
      return;
    }
    setErrors({});
    try {
      setFound(await lookup.mutateAsync({ order: read.order, phone: read.phone }));
      setRefusal(null);
    } catch (error) {
      setFound(null);
      setRefusal(await refusalOf(error));
    }
  }

  function clearError(field: string) {
    if (field in errors) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== field)));
  }

  return (
    <section className="page container container--narrow track-page" aria-labelledby="track-title">
      <GoBack />
      <h1 id="track-title" className="page__title">
        {t('deliveryShopper.track.title')}
      </h1>
      <p className="page__lead">{t('deliveryShopper.track.lead')}</p>

      <form
        key={orderParam}
        className="form track-page__form"
        aria-labelledby="track-title"
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        onChange={(event) => {
          if (event.target instanceof HTMLInputElement) clearError(event.target.name);
        }}
      >
        <FormField
          label={t('deliveryShopper.track.orderNumber')}
          id="track-order"
          hint={t('deliveryShopper.track.orderHint')}
          error={errors.order && t(errors.order)}
        >
          {(control) => <input {...control} name="order" type="text" inputMode="numeric" autoComplete="off" defaultValue={orderParam} required />}
        </FormField>
        <FormField
          label={t('deliveryShopper.track.phone')}
          id="track-phone"
          hint={t('deliveryShopper.track.phoneHint')}
          error={errors.phone && t(errors.phone)}
        >
          {(control) => <input {...control} name="phone" type="tel" inputMode="tel" autoComplete="tel" defaultValue={phoneState ?? ''} required />}
        </FormField>
        <button type="submit" className="button button--primary form__submit" disabled={lookup.isPending}>
          {lookup.isPending ? t('deliveryShopper.track.busy') : t('deliveryShopper.track.submit')}
        </button>
      </form>

      <div className="track-page__answer" aria-live="polite">
        {refusal && (
          <p className="notice notice--error" role="alert" data-testid="track-refused">
            {refusal.kind === 'failed'
              ? refusal.message || t('deliveryShopper.track.failed')
              : t(refusal.kind === 'not-found' ? 'deliveryShopper.track.notFound' : 'deliveryShopper.track.tooMany')}
          </p>
        )}
        {found && !refusal && <TrackedOrder tracking={found} />}
      </div>
    </section>
  );
}

/** The order found: its number, status and placing time, and its parcel (or that it has none yet). */
function TrackedOrder({ tracking }: { tracking: Tracking }) {
  const t = useT(deliveryShopperMessages);
  const lang = useLanguage();
  const status = orderStatusId(tracking.status);
  return (
    <article className="parcel-status track-page__order" aria-labelledby="tracked-order-title" data-testid="tracked-order">
      <h2 id="tracked-order-title" className="parcel-status__title">
        {t('deliveryShopper.track.order', { number: formatDigits(tracking.orderNumber, lang) })}
      </h2>
      <dl className="parcel-facts">
        <div>
          <dt>{t('deliveryShopper.track.orderStatus')}</dt>
          <dd className="parcel-facts__status" data-testid="tracked-order-status">
            {status ? t(status) : tracking.status}
          </dd>
        </div>
        <div>
          <dt>{t('deliveryShopper.track.placed')}</dt>
          <dd>
            <time dateTime={tracking.placedAt}>{formatDateTime(tracking.placedAt, lang)}</time>
          </dd>
        </div>
      </dl>
      {tracking.parcel ? (
        <>
          <h3 className="track-page__parcel-title">{t('deliveryShopper.track.parcel')}</h3>
          <ParcelFacts parcel={tracking.parcel} />
        </>
      ) : (
        // A canceled order is never booked: "not yet" would promise a parcel.
        tracking.status !== 'Canceled' && (
          <p className="track-page__not-booked" data-testid="track-not-booked">
            {t('deliveryShopper.track.notBooked')}
          </p>
        )
      )}
    </article>
  );
}
