import { loadSwal } from '../../../lib/dialog';
import type { Translate } from '../../../lib/i18n/i18n';
import { formatDigits, formatNumber, type Lang } from '../../../../../src/shared/locale-format';
import type { BookingResult, CourierChoice, CourierName } from './api/delivery-keys';
import type { DeliveryAdminId } from './messages/delivery-admin';
import { courierName } from './names';
import './delivery-admin.css';

type T = Translate<DeliveryAdminId>;

/** An element with its text (never HTML: the server's words and the courier's go in as text). */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

/** Words the server or the courier wrote (English): marked so, for screen readers on a Bengali page. */
function serverWords(text: string): HTMLSpanElement {
  const span = element('span', text, 'booking-results__detail');
  span.lang = 'en';
  return span;
}

/**
 * The courier to book `count` orders with: one radio per courier, those whose keys the shop's
 * settings lack disabled with a hint. Undefined when the admin closed the dialog.
 */
export async function chooseCourier(t: T, couriers: readonly CourierChoice[], count: number): Promise<CourierName | undefined> {
  const Swal = await loadSwal();
  const group = element('fieldset', undefined, 'courier-choice');
  group.append(element('legend', t('deliveryAdmin.choose.legend'), 'visually-hidden'));
  const firstReady = couriers.find((c) => c.configured)?.courier;
  for (const courier of couriers) {
    const label = element('label', undefined, 'courier-choice__option');
    const radio = element('input');
    radio.type = 'radio';
    radio.name = 'courier';
    radio.value = courier.courier;
    radio.disabled = !courier.configured;
    radio.checked = courier.courier === firstReady;
    label.append(radio, element('span', courierName(t, courier.courier), 'courier-choice__name'));
    if (!courier.configured) {
      const hint = element('span', t('deliveryAdmin.notSetUp'), 'courier-choice__hint');
      hint.id = `courier-choice-${courier.courier}-hint`;
      radio.setAttribute('aria-describedby', hint.id);
      label.append(hint);
    }
    group.append(label);
  }
  if (!firstReady) group.append(element('p', t('deliveryAdmin.choose.noneSetUp'), 'courier-choice__none'));
  const answer = await Swal.fire<CourierName>({
    titleText: t('deliveryAdmin.choose.title', { count }),
    html: group,
    showCancelButton: true,
    confirmButtonText: t('deliveryAdmin.choose.book', { count }),
    cancelButtonText: t('deliveryAdmin.cancelButton'),
    focusConfirm: false,
    preConfirm: () => {
      const chosen = group.querySelector<HTMLInputElement>('input[name="courier"]:checked');
      if (!chosen) {
        Swal.showValidationMessage(t(firstReady ? 'deliveryAdmin.choose.pick' : 'deliveryAdmin.choose.noneSetUp'));
        return false;
      }
      return chosen.value as CourierName;
    },
  });
  return answer.isConfirmed ? answer.value : undefined;
}

/** One order's booking result in words: booked (its tracking code), queued, failed (the courier's reason) or refused (why). */
export function resultText(t: T, lang: Lang, courier: string, result: BookingResult): string {
  const order = result.orderNumber === null ? result.orderId : formatDigits(result.orderNumber, lang);
  const name = courierName(t, courier);
  switch (result.outcome) {
    case 'booked':
      return t('deliveryAdmin.result.booked', { order, code: result.trackingCode ?? '' });
    case 'queued':
      return t('deliveryAdmin.result.queued', { order, courier: name });
    case 'failed':
      return t('deliveryAdmin.result.failed', { order, courier: name });
    case 'refused':
      return t('deliveryAdmin.result.refused', { order });
  }
}

/**
 * The results of a booking, one line per order (the courier's or the server's words beside each
 * that was not booked), under "2 of 3 booked".
 */
export async function showBookingResults(t: T, lang: Lang, courier: string, results: readonly BookingResult[]): Promise<void> {
  const Swal = await loadSwal();
  const list = element('ul', undefined, 'booking-results');
  for (const result of results) {
    const item = element('li', undefined, `booking-results__item booking-results__item--${result.outcome}`);
    item.dataset.testid = 'booking-result';
    item.dataset.outcome = result.outcome;
    item.append(element('span', resultText(t, lang, courier, result)));
    if (result.outcome !== 'booked' && result.message) item.append(' ', serverWords(result.message));
    list.append(item);
  }
  const booked = results.filter((r) => r.outcome === 'booked').length;
  await Swal.fire({
    icon: booked === results.length ? 'success' : booked === 0 ? 'warning' : 'info',
    titleText: t('deliveryAdmin.results.title', { booked: formatNumber(booked, lang), total: formatNumber(results.length, lang) }),
    html: list,
    confirmButtonText: t('deliveryAdmin.ok'),
  });
}
