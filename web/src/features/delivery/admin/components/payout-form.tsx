import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DataTable } from '../../../../components/data-table';
import { Pager } from '../../../../components/pager';
import { QueryStatus } from '../../../../components/query-status';
import { loadSwal, showFailure } from '../../../../lib/dialog';
import { useLanguage, useT, type Translate } from '../../../../lib/i18n/i18n';
import { pageNumber } from '../../../../lib/paging';
import { useQueryChange } from '../../../../lib/use-query-change';
import { formatDigits, formatMoney, formatNumber, type Lang } from '../../../../../../src/shared/locale-format';
import { PAGES } from '../../../../app/routes';
import { defaultPayout, readTaka } from '../amounts';
import type { CourierName, PayoutParcel, PayoutResult, UnsettledParcel } from '../api/delivery-keys';
import { useCouriers } from '../api/get-couriers';
import { useUnsettled } from '../api/get-unsettled';
import { useRecordPayout } from '../api/record-payout';
import { formatWhen } from '../format-when';
import { deliveryAdminMessages, type DeliveryAdminId } from '../messages/delivery-admin';
import { COURIER_IDS, courierName, statusName } from '../names';

/** The list's page and the courier, in the page's URL (?courier=, ?parcelsPage=). */
const PAGE_PARAM = 'parcelsPage';
const COURIERS = Object.keys(COURIER_IDS) as CourierName[];

/** A parcel ticked for the payout: its number (for the results) and the amount and fee as typed ('' = the default). */
type Picked = { orderNumber: number; amount: string; fee: string };

/** The results of a payout, one line per parcel, under "2 of 2 parcels settled". */
async function showPayoutResults(t: Translate<DeliveryAdminId>, lang: Lang, results: readonly PayoutResult[], picked: ReadonlyMap<string, Picked>) {
  const Swal = await loadSwal();
  const list = document.createElement('ul');
  list.className = 'booking-results';
  for (const result of results) {
    const item = document.createElement('li');
    item.className = `booking-results__item booking-results__item--${result.settled ? 'booked' : 'failed'}`;
    item.dataset.testid = 'payout-result';
    const number = picked.get(result.orderId)?.orderNumber;
    const order = number === undefined ? result.orderId : formatDigits(number, lang);
    const text = document.createElement('span');
    text.textContent = t(result.settled ? 'deliveryAdmin.payout.settled' : 'deliveryAdmin.payout.notSettled', { order });
    item.append(text);
    if (result.message) {
      const why = document.createElement('span');
      why.className = 'booking-results__detail';
      why.lang = 'en';
      why.textContent = result.message;
      item.append(' ', why);
    }
    list.append(item);
  }
  const settled = results.filter((r) => r.settled).length;
  await Swal.fire({
    icon: settled === results.length ? 'success' : 'warning',
    titleText: t('deliveryAdmin.payout.results', { settled: formatNumber(settled, lang), total: formatNumber(results.length, lang) }),
    html: list,
    confirmButtonText: t('deliveryAdmin.ok'),
  });
}

type Errors = { parcels?: string; reference?: string; amounts?: readonly string[] };

/**
 * "Record a payout": a courier, its delivered parcels not paid out yet (a page at a time, each with a
 * box; "select all on this page"), the payout's reference, and per parcel what the shop received and
 * the courier's fee when they differ from the default (the cash collected less the courier's charge,
 * and the charge); POST /api/shipments/payouts, then each parcel's result.
 */
export function PayoutForm() {
  const t = useT(deliveryAdminMessages);
  const lang = useLanguage();
  const [params] = useSearchParams();
  const [, changeQuery] = useQueryChange();
  const couriers = useCouriers();
  const asked = COURIERS.find((c) => c === params.get('courier'));
  const courier: CourierName = asked ?? couriers.data?.find((c) => c.configured)?.courier ?? 'steadfast';
  const page = pageNumber(params.get(PAGE_PARAM));
  const unsettled = useUnsettled(courier, page);
  const rows = unsettled.data?.items ?? [];
  const record = useRecordPayout();
  // Ticked parcels, kept across the list's pages until the courier changes or the payout is recorded.
  const [picked, setPicked] = useState<ReadonlyMap<string, Picked>>(new Map());
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const money = (amount: number) => formatMoney(amount, lang);

  const change = (next: Map<string, Picked>) => setPicked(next);
  const toggle = (parcel: UnsettledParcel) => {
    const next = new Map(picked);
    if (next.has(parcel.orderId)) next.delete(parcel.orderId);
    else next.set(parcel.orderId, { orderNumber: parcel.orderNumber, amount: '', fee: '' });
    change(next);
  };
  const allOnPage = rows.length > 0 && rows.every((row) => picked.has(row.orderId));
  const toggleAll = () => {
    const next = new Map(picked);
    for (const row of rows) {
      if (allOnPage) next.delete(row.orderId);
      else if (!next.has(row.orderId)) next.set(row.orderId, { orderNumber: row.orderNumber, amount: '', fee: '' });
    }
    change(next);
  };
  const typed = (orderId: string, field: 'amount' | 'fee', value: string) => {
    const seen = picked.get(orderId);
    if (!seen) return;
    change(new Map(picked).set(orderId, { ...seen, [field]: value }));
  };

  function chooseCourier(next: CourierName) {
    setPicked(new Map());
    setErrors({});
    changeQuery((latest) => {
      const query = new URLSearchParams(latest);
      query.set('courier', next);
      query.delete(PAGE_PARAM);
      return query;
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {};
    const parcels: PayoutParcel[] = [];
    const wrongAmounts: string[] = [];
    for (const [orderId, one] of picked) {
      const amount = readTaka(one.amount);
      const fee = readTaka(one.fee);
      if (!amount.ok || !fee.ok) {
        wrongAmounts.push(orderId);
        continue;
      }
      parcels.push({ orderId, ...(amount.value === undefined ? {} : { amount: amount.value }), ...(fee.value === undefined ? {} : { fee: fee.value }) });
    }
    if (picked.size === 0) found.parcels = t('deliveryAdmin.payout.noneChosen');
    if (wrongAmounts.length > 0) found.amounts = wrongAmounts;
    if (!reference.trim()) found.reference = t('deliveryAdmin.payout.referenceMissing');
    setErrors(found);
    if (found.parcels || found.amounts || found.reference) {
      const form = event.currentTarget;
      const first = found.amounts ? `[data-amounts-of="${found.amounts[0]}"]` : found.reference ? '#payout-reference' : '#payout-courier';
      form.querySelector<HTMLElement>(first)?.focus();
      return;
    }
    let answer;
    try {
      answer = await record.mutateAsync({ courier, reference: reference.trim(), parcels });
    } catch (error) {
      await showFailure(error, t('deliveryAdmin.payout.failed'));
      return;
    }
    const shown = picked;
    setPicked(new Map());
    setReference('');
    await showPayoutResults(t, lang, answer.results, shown);
  }

  const amountsWrong = new Set(errors.amounts ?? []);
  return (
    <section className="courier-cash__section payout" aria-labelledby="payout-title">
      <h2 id="payout-title" className="courier-cash__subtitle">
        {t('deliveryAdmin.payout.title')}
      </h2>
      <p className="page__lead">{t('deliveryAdmin.payout.lead')}</p>
      <form className="form payout__form" aria-labelledby="payout-title" noValidate onSubmit={(event) => void submit(event)}>
        <div className="list-controls payout__controls">
          <label className="list-controls__field">
            <span className="list-controls__label">{t('deliveryAdmin.payout.courier')}</span>
            <select id="payout-courier" className="form-field__input" name="courier" value={courier} onChange={(event) => chooseCourier(event.target.value as CourierName)}>
              {COURIERS.map((c) => (
                <option key={c} value={c}>
                  {courierName(t, c)}
                </option>
              ))}
            </select>
          </label>
          <label className="list-controls__field payout__reference">
            <span className="list-controls__label">{t('deliveryAdmin.payout.reference')}</span>
            <input
              id="payout-reference"
              className="form-field__input"
              name="reference"
              type="text"
              autoComplete="off"
              maxLength={100}
              value={reference}
              aria-invalid={errors.reference ? true : undefined}
              aria-describedby={errors.reference ? 'payout-reference-error' : 'payout-reference-hint'}
              onChange={(event) => setReference(event.target.value)}
            />
            <span id="payout-reference-hint" className="form-field__hint">
              {t('deliveryAdmin.payout.referenceHint')}
            </span>
            {errors.reference && (
              <span id="payout-reference-error" className="form-field__error">
                {errors.reference}
              </span>
            )}
          </label>
        </div>

        <QueryStatus status={unsettled.status} loading={t('deliveryAdmin.payout.loading')} failed={t('deliveryAdmin.payout.loadFailed')} />
        {unsettled.status === 'success' &&
          (rows.length === 0 && page === 1 ? (
            <p className="notice" data-testid="unsettled-none">
              {t('deliveryAdmin.payout.none', { courier: courierName(t, courier) })}
            </p>
          ) : (
            <>
              <label className="dashboard-page__check payout__all">
                <input type="checkbox" checked={allOnPage} onChange={toggleAll} data-testid="pick-all-parcels" />
                {t('deliveryAdmin.payout.selectAll')}
              </label>
              <DataTable
                labelledBy="payout-title"
                caption={t('deliveryAdmin.payout.caption', { courier: courierName(t, courier) })}
                columns={[
                  t('deliveryAdmin.payout.col.parcel'),
                  t('deliveryAdmin.payout.col.status'),
                  t('deliveryAdmin.payout.col.collected'),
                  t('deliveryAdmin.payout.col.amount'),
                  t('deliveryAdmin.payout.col.fee'),
                ]}
                className="data-table payout__table"
              >
                {rows.map((parcel) => {
                  const one = picked.get(parcel.orderId);
                  const defaults = defaultPayout(parcel);
                  const numberId = `payout-order-${parcel.orderId}`;
                  const wrong = amountsWrong.has(parcel.orderId);
                  /** The amount's or the fee's field of this parcel (empty: the default, shown as its placeholder). */
                  const takaInput = (field: 'amount' | 'fee', value: string | undefined, fallback: number, label: string) => (
                    <input
                      className="form-field__input payout__amount"
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      disabled={!one}
                      value={value ?? ''}
                      placeholder={formatNumber(fallback, lang)}
                      aria-label={label}
                      aria-invalid={wrong || undefined}
                      {...(field === 'amount' ? { 'data-amounts-of': parcel.orderId } : {})}
                      onChange={(event) => typed(parcel.orderId, field, event.target.value)}
                    />
                  );
                  return (
                    <tr key={parcel.orderId} data-testid="unsettled-parcel" data-order-id={parcel.orderId}>
                      <th scope="row" className="data-table__nowrap">
                        <input
                          type="checkbox"
                          className="payout__pick"
                          checked={one !== undefined}
                          onChange={() => toggle(parcel)}
                          aria-label={t('deliveryAdmin.payout.pick', { order: formatDigits(parcel.orderNumber, lang) })}
                          data-testid="pick-parcel"
                        />
                        <Link id={numberId} to={PAGES.order.link(parcel.orderId)}>
                          {t('deliveryAdmin.order', { order: formatDigits(parcel.orderNumber, lang) })}
                        </Link>
                        <span className="courier-cash__line">{parcel.trackingCode}</span>
                      </th>
                      <td>
                        {statusName(t, parcel.status)}
                        {parcel.finalAt && (
                          <span className="courier-cash__line">
                            <time dateTime={parcel.finalAt}>{formatWhen(parcel.finalAt, lang)}</time>
                          </span>
                        )}
                      </td>
                      <td>
                        {parcel.collectedAmount === null ? t('deliveryAdmin.notYet') : money(parcel.collectedAmount)}
                        <span className="courier-cash__line">{parcel.deliveryCharge === null ? t('deliveryAdmin.cash.noCharge') : t('deliveryAdmin.cash.charge', { amount: money(parcel.deliveryCharge) })}</span>
                      </td>
                      <td>
                        {takaInput('amount', one?.amount, defaults.amount, t('deliveryAdmin.payout.amountOf', { order: formatDigits(parcel.orderNumber, lang) }))}
                      </td>
                      <td>
                        {takaInput('fee', one?.fee, defaults.fee, t('deliveryAdmin.payout.feeOf', { order: formatDigits(parcel.orderNumber, lang) }))}
                        {wrong && <span className="form-field__error">{t('deliveryAdmin.payout.amountWrong')}</span>}
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
              <Pager page={page} total={unsettled.data.total} shown={rows.length} param={PAGE_PARAM} label={t('deliveryAdmin.payout.pages')} />
            </>
          ))}
        {errors.parcels && (
          <p className="form-field__error" role="alert">
            {errors.parcels}
          </p>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={record.isPending} data-testid="record-payout">
            {record.isPending ? t('deliveryAdmin.saving') : t('deliveryAdmin.payout.submit', { count: formatNumber(picked.size, lang) })}
          </button>
        </div>
      </form>
    </section>
  );
}
