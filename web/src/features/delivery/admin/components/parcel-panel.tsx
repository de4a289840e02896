import { useState } from 'react';
import { loadSwal, showFailure } from '../../../../lib/dialog';
import { describeFailure, isSessionFailure } from '../../../../lib/error-message';
import { useLanguage, useT } from '../../../../lib/i18n/i18n';
import { formatMoney } from '../../../../../../src/shared/locale-format';
import { useCancelBooking } from '../api/cancel-booking';
import type { AdminOrder, Parcel, ParcelStatus } from '../api/delivery-keys';
import { useReceiveReturn } from '../api/receive-return';
import { useRefreshParcel } from '../api/refresh-parcel';
import { deliveryAdminMessages } from '../messages/delivery-admin';
import { formatWhen } from '../format-when';
import { courierName, STATUS_IDS, statusName } from '../names';
import { BookParcel } from './book-parcel';
import { ParcelBookings } from './parcel-bookings';
import { ReceivePartialForm } from './receive-partial-form';
import '../delivery-admin.css';

/** A status of the wire's parcel answer (`delivery` is untyped there), or undefined. */
const statusOf = (delivery: unknown): ParcelStatus | undefined => {
  const status = typeof delivery === 'object' && delivery !== null && 'status' in delivery ? delivery.status : undefined;
  return typeof status === 'string' && status in STATUS_IDS ? (status as ParcelStatus) : undefined;
};

type ParcelPanelProps = {
  order: AdminOrder;
  /** Called after each change: the order page reloads the order and its timeline. */
  onChanged: () => void;
  /**
   * Whether the person may book, ask the courier, cancel and receive returns (orders.pack, issue 36);
   * without it the panel only says where the parcel is (an auditor reads the order).
   */
  manage?: boolean;
};

/**
 * The parcel of a Confirmed order on the admin's order page (issue 34): not booked, "Book with" a
 * courier or a booking recorded by hand; booked, where it is, its cash and payout, and Ask the
 * courier, Cancel booking and Receive return; then the bookings asked of couriers.
 */
export function ParcelPanel({ order, onChanged, manage = true }: ParcelPanelProps) {
  const t = useT(deliveryAdminMessages);
  const editable = manage && !order.deleted && order.status === 'Confirmed';
  return (
    <div className="parcel-panel" data-testid="parcel-panel">
      {order.delivery ? (
        <BookedParcel order={order} parcel={order.delivery} editable={editable} onChanged={onChanged} />
      ) : editable ? (
        <BookParcel orderId={order._id} onChanged={onChanged} />
      ) : (
        <p className="parcel-panel__lead" data-testid="parcel-status">
          {t('deliveryAdmin.notBooked')}
        </p>
      )}
      <ParcelBookings orderId={order._id} />
    </div>
  );
}

function BookedParcel({ order, parcel, editable, onChanged }: { order: AdminOrder; parcel: Parcel; editable: boolean; onChanged: () => void }) {
  const t = useT(deliveryAdminMessages);
  const lang = useLanguage();
  const refresh = useRefreshParcel();
  const cancel = useCancelBooking();
  const receive = useReceiveReturn();
  const [counting, setCounting] = useState(false);
  const courier = courierName(t, parcel.courier);
  const money = (amount: number) => formatMoney(amount, lang);
  const busy = refresh.isPending || cancel.isPending || receive.isPending;
  const words = lang === 'bn' && parcel.messageBn ? parcel.messageBn : parcel.message;
  const canReceive = (parcel.status === 'returned' || parcel.status === 'partly_delivered') && parcel.returnReceivedAt === null;

  async function done(title: string, text?: string) {
    onChanged();
    const Swal = await loadSwal();
    void Swal.fire({ icon: 'success', titleText: title, ...(text ? { text } : {}), confirmButtonText: t('deliveryAdmin.ok') });
  }

  async function askCourier() {
    let answer;
    try {
      answer = await refresh.mutateAsync(order._id);
    } catch (error) {
      await showFailure(error, t('deliveryAdmin.refresh.failed', { courier }));
      return;
    }
    const status = statusOf(answer.delivery);
    await done(t('deliveryAdmin.refresh.done', { courier }), status ? t('deliveryAdmin.refresh.doneText', { status: statusName(t, status) }) : undefined);
  }

  async function cancelBooking() {
    const Swal = await loadSwal();
    const asked = await Swal.fire({
      icon: 'warning',
      titleText: t('deliveryAdmin.cancel.title', { courier }),
      text: t('deliveryAdmin.cancel.text'),
      showCancelButton: true,
      confirmButtonText: t('deliveryAdmin.cancel.yes'),
      cancelButtonText: t('deliveryAdmin.cancel.no'),
    });
    if (!asked.isConfirmed) return;
    try {
      await cancel.mutateAsync({ orderId: order._id });
    } catch (error) {
      const failure = await describeFailure(error);
      if (isSessionFailure(failure)) return;
      if (failure.code !== 'delivery/courier-refused') {
        await showFailure(error, t('deliveryAdmin.cancel.failed'));
        return;
      }
      // A courier with no cancel call (Steadfast): cancel in its portal, then record it here.
      await cancelAtCourier(failure.message);
      return;
    }
    await done(t('deliveryAdmin.cancel.done'), t('deliveryAdmin.cancel.doneText'));
  }

  async function cancelAtCourier(reason: string) {
    const Swal = await loadSwal();
    const text = document.createElement('div');
    const explain = document.createElement('p');
    explain.textContent = t('deliveryAdmin.cancel.portalText', { courier });
    const said = document.createElement('p');
    said.className = 'booking-results__detail';
    // The server's words (English), or on another page the words of its error code (dialog.code.*).
    said.lang = lang;
    said.textContent = reason;
    text.append(explain, said);
    const asked = await Swal.fire({
      icon: 'info',
      titleText: t('deliveryAdmin.cancel.portalTitle', { courier }),
      html: text,
      showCancelButton: true,
      confirmButtonText: t('deliveryAdmin.cancel.canceledAtCourier'),
      cancelButtonText: t('deliveryAdmin.cancel.notNow'),
    });
    if (!asked.isConfirmed) return;
    try {
      await cancel.mutateAsync({ orderId: order._id, canceledAtCourier: true });
    } catch (error) {
      await showFailure(error, t('deliveryAdmin.cancel.failed'));
      return;
    }
    await done(t('deliveryAdmin.cancel.done'), t('deliveryAdmin.cancel.doneText'));
  }

  async function receiveAll() {
    const Swal = await loadSwal();
    const items = order.cartItems.reduce((sum, line) => sum + line.quantity, 0);
    const asked = await Swal.fire({
      icon: 'question',
      titleText: t('deliveryAdmin.receive.title'),
      text: t('deliveryAdmin.receive.allText', { count: items }),
      showCancelButton: true,
      confirmButtonText: t('deliveryAdmin.receive.yes'),
      cancelButtonText: t('deliveryAdmin.cancelButton'),
    });
    if (!asked.isConfirmed) return;
    try {
      await receive.mutateAsync({ orderId: order._id });
    } catch (error) {
      await showFailure(error, t('deliveryAdmin.receive.failed'));
      return;
    }
    await done(t('deliveryAdmin.receive.done'), t('deliveryAdmin.receive.doneText'));
  }

  return (
    <>
      <dl className="parcel-facts" data-testid="parcel-facts">
        <div>
          <dt>{t('deliveryAdmin.fact.status')}</dt>
          <dd data-testid="parcel-status" data-status={parcel.status}>
            <span className={`parcel-status parcel-status--${parcel.status}`}>{statusName(t, parcel.status)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('deliveryAdmin.fact.courier')}</dt>
          <dd data-testid="parcel-courier">{courier}</dd>
        </div>
        <div>
          <dt>{t('deliveryAdmin.fact.consignment')}</dt>
          <dd data-testid="parcel-consignment">{parcel.consignmentId}</dd>
        </div>
        <div>
          <dt>{t('deliveryAdmin.fact.tracking')}</dt>
          <dd data-testid="parcel-tracking">{parcel.trackingCode}</dd>
        </div>
        <div>
          <dt>{t('deliveryAdmin.fact.cod')}</dt>
          <dd data-testid="parcel-cod">{money(parcel.codAmount)}</dd>
        </div>
        <div>
          <dt>{t('deliveryAdmin.fact.collected')}</dt>
          <dd data-testid="parcel-collected">{parcel.collectedAmount === null ? t('deliveryAdmin.notYet') : money(parcel.collectedAmount)}</dd>
        </div>
        <div>
          <dt>{t('deliveryAdmin.fact.charge')}</dt>
          <dd data-testid="parcel-charge">{parcel.deliveryCharge === null ? t('deliveryAdmin.notSaid') : money(parcel.deliveryCharge)}</dd>
        </div>
        {words && (
          <div>
            <dt>{t('deliveryAdmin.fact.message')}</dt>
            <dd data-testid="parcel-message" lang={lang === 'bn' && parcel.messageBn ? 'bn' : 'en'}>
              {words}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('deliveryAdmin.fact.booked')}</dt>
          <dd>
            <time dateTime={parcel.bookedAt}>{formatWhen(parcel.bookedAt, lang)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('deliveryAdmin.fact.updated')}</dt>
          <dd>
            <time dateTime={parcel.updatedAt}>{formatWhen(parcel.updatedAt, lang)}</time>
          </dd>
        </div>
        {parcel.returnReceivedAt && (
          <div>
            <dt>{t('deliveryAdmin.fact.returnReceived')}</dt>
            <dd data-testid="parcel-return-received">
              <time dateTime={parcel.returnReceivedAt}>{formatWhen(parcel.returnReceivedAt, lang)}</time>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('deliveryAdmin.fact.payout')}</dt>
          <dd data-testid="parcel-payout">
            {parcel.settled
              ? t('deliveryAdmin.fact.payoutText', {
                  reference: parcel.settled.reference,
                  amount: money(parcel.settled.amount),
                  fee: money(parcel.settled.fee),
                  when: formatWhen(parcel.settled.at, lang),
                })
              : t('deliveryAdmin.fact.notPaidOut')}
          </dd>
        </div>
      </dl>
      {editable && (
        <div className="parcel-actions">
          <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => void askCourier()}>
            {refresh.isPending ? t('deliveryAdmin.refresh.asking') : t('deliveryAdmin.refresh.button')}
          </button>
          {parcel.status === 'booked' && (
            <button type="button" className="button button--danger button--small" disabled={busy} onClick={() => void cancelBooking()}>
              {t('deliveryAdmin.cancel.button')}
            </button>
          )}
          {canReceive && (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={busy}
              aria-expanded={parcel.status === 'partly_delivered' ? counting : undefined}
              onClick={() => (parcel.status === 'returned' ? void receiveAll() : setCounting(!counting))}
            >
              {t('deliveryAdmin.receive.button')}
            </button>
          )}
        </div>
      )}
      {editable && canReceive && parcel.status === 'partly_delivered' && counting && (
        <ReceivePartialForm
          order={order}
          busy={receive.isPending}
          onSubmit={async (lines) => {
            try {
              await receive.mutateAsync({ orderId: order._id, lines });
            } catch (error) {
              await showFailure(error, t('deliveryAdmin.receive.failed'));
              return;
            }
            setCounting(false);
            const back = lines.reduce((sum, line) => sum + line.quantity, 0);
            await done(t('deliveryAdmin.receive.done'), t('deliveryAdmin.receive.partText', { count: back }));
          }}
          onCancel={() => setCounting(false)}
        />
      )}
    </>
  );
}
