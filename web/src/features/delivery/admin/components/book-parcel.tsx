import { useState, type FormEvent } from 'react';
import { FormField } from '../../../../components/form-field';
import { loadSwal, showFailure } from '../../../../lib/dialog';
import { useLanguage, useT } from '../../../../lib/i18n/i18n';
import { useBookOrders } from '../api/book-orders';
import type { CourierName } from '../api/delivery-keys';
import { useCouriers } from '../api/get-couriers';
import { useRecordBooking } from '../api/record-booking';
import { showBookingResults } from '../booking-dialogs';
import { deliveryAdminMessages } from '../messages/delivery-admin';
import { COURIER_IDS, courierName } from '../names';

type Props = { orderId: string; onChanged: () => void };

/**
 * A Confirmed order not booked yet: "Book with" a courier (one button each; a courier whose keys the
 * shop lacks is disabled and says so), or a booking made in the courier's portal, recorded by hand.
 */
export function BookParcel({ orderId, onChanged }: Props) {
  const t = useT(deliveryAdminMessages);
  const lang = useLanguage();
  const couriers = useCouriers();
  const book = useBookOrders();

  async function bookWith(courier: CourierName) {
    let answer;
    try {
      answer = await book.mutateAsync({ orderIds: [orderId], courier });
    } catch (error) {
      await showFailure(error, t('deliveryAdmin.bookFailed'));
      return;
    }
    onChanged();
    await showBookingResults(t, lang, answer.courier, answer.results);
  }

  return (
    <div className="parcel-book">
      <p className="parcel-panel__lead" data-testid="parcel-status">
        {t('deliveryAdmin.notBooked')}
      </p>
      <div className="parcel-book__couriers" role="group" aria-labelledby="parcel-book-with">
        <span id="parcel-book-with" className="parcel-book__label">
          {t('deliveryAdmin.bookWith')}
        </span>
        {couriers.status === 'pending' && <span className="parcel-panel__muted">{t('deliveryAdmin.couriersLoading')}</span>}
        {couriers.status === 'error' && <span className="parcel-panel__error">{t('deliveryAdmin.couriersFailed')}</span>}
        {couriers.data?.map((courier) => {
          const hintId = `parcel-book-${courier.courier}-hint`;
          return (
            <span key={courier.courier} className="parcel-book__courier">
              <button
                type="button"
                className="button button--primary button--small"
                disabled={!courier.configured || book.isPending}
                aria-describedby={courier.configured ? undefined : hintId}
                onClick={() => void bookWith(courier.courier)}
              >
                {courierName(t, courier.courier)}
              </button>
              {!courier.configured && (
                <span id={hintId} className="parcel-panel__muted parcel-book__hint">
                  {t('deliveryAdmin.notSetUp')}
                </span>
              )}
            </span>
          );
        })}
        {book.isPending && (
          <span className="parcel-panel__muted" role="status">
            {t('deliveryAdmin.booking')}
          </span>
        )}
      </div>
      <RecordBookingForm orderId={orderId} onChanged={onChanged} />
    </div>
  );
}

type FieldErrors = { consignmentId?: string; trackingCode?: string };

/** A booking made in the courier's portal (or one the courier has though the shop's attempt timed out), recorded by hand. */
function RecordBookingForm({ orderId, onChanged }: Props) {
  const t = useT(deliveryAdminMessages);
  const record = useRecordBooking();
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const courier = String(fields.get('courier') ?? '') as CourierName;
    const consignmentId = String(fields.get('consignmentId') ?? '').trim();
    const trackingCode = String(fields.get('trackingCode') ?? '').trim();
    const found: FieldErrors = {};
    if (!consignmentId) found.consignmentId = t('deliveryAdmin.record.consignmentMissing');
    if (!trackingCode) found.trackingCode = t('deliveryAdmin.record.trackingMissing');
    setErrors(found);
    if (found.consignmentId || found.trackingCode) {
      form.querySelector<HTMLElement>(found.consignmentId ? '#parcel-consignment' : '#parcel-tracking')?.focus();
      return;
    }
    try {
      await record.mutateAsync({ orderId, booking: { courier, consignmentId, trackingCode } });
    } catch (error) {
      await showFailure(error, t('deliveryAdmin.record.failed'));
      return;
    }
    onChanged();
    const Swal = await loadSwal();
    void Swal.fire({ icon: 'success', titleText: t('deliveryAdmin.record.done'), text: t('deliveryAdmin.record.doneText', { courier: courierName(t, courier), code: trackingCode }), confirmButtonText: t('deliveryAdmin.ok') });
  }

  return (
    <details className="parcel-record">
      <summary>{t('deliveryAdmin.record.title')}</summary>
      <p className="parcel-panel__muted">{t('deliveryAdmin.record.lead')}</p>
      <form className="form parcel-record__form" aria-label={t('deliveryAdmin.record.title')} noValidate onSubmit={(event) => void submit(event)}>
        <FormField label={t('deliveryAdmin.record.courier')} id="parcel-courier">
          {(control) => (
            <select {...control} name="courier" defaultValue="steadfast">
              {Object.entries(COURIER_IDS).map(([courier, id]) => (
                <option key={courier} value={courier}>
                  {t(id)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('deliveryAdmin.record.consignment')} id="parcel-consignment" error={errors.consignmentId}>
          {(control) => <input {...control} name="consignmentId" type="text" autoComplete="off" maxLength={60} required />}
        </FormField>
        <FormField label={t('deliveryAdmin.record.tracking')} id="parcel-tracking" error={errors.trackingCode}>
          {(control) => <input {...control} name="trackingCode" type="text" autoComplete="off" maxLength={60} required />}
        </FormField>
        <div className="admin-form__actions">
          <button type="submit" className="button button--secondary button--small" disabled={record.isPending}>
            {record.isPending ? t('deliveryAdmin.saving') : t('deliveryAdmin.record.submit')}
          </button>
        </div>
      </form>
    </details>
  );
}
