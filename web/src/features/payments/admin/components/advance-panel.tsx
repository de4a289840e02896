import { formatMoney } from '../../../../../../src/shared/locale-format';
import type { Answer } from '../../../../lib/api/contracts';
import { loadSwal, showFailure } from '../../../../lib/dialog';
import { formatWhen } from '../../../../lib/format-when';
import { useLanguage, useT, type Translate } from '../../../../lib/i18n/i18n';
import type { Advance } from '../../api/payment-keys';
import { useRefundAdvance } from '../api/refund-advance';
import { paymentsAdminMessages, type PaymentsAdminId } from '../messages/payments-admin';
import { MAX_REASON, readRefundForm } from '../refund-form';
import './advance-panel.css';

/** An order as an admin sees it (GET /api/orders/:id), with its advance. */
export type AdminOrder = Answer<'get /orders/:id'>;

const STATUS_IDS = {
  awaiting: 'paymentsAdmin.status.awaiting',
  paid: 'paymentsAdmin.status.paid',
  expired: 'paymentsAdmin.status.expired',
  refunded: 'paymentsAdmin.status.refunded',
} as const satisfies Record<Advance['status'], PaymentsAdminId>;

const REASON_IDS = {
  rule: 'paymentsAdmin.reason.rule',
  'cod-blocked': 'paymentsAdmin.reason.codBlocked',
} as const satisfies Record<Advance['reason'], PaymentsAdminId>;

/** The advance paid may be refunded: the order canceled (a late payment leaves it so), or its parcel came back. */
export const refundable = (order: AdminOrder): boolean =>
  !order.deleted && order.advance?.status === 'paid' && (order.status === 'Canceled' || order.delivery?.status === 'returned');

/** A labelled field of the refund dialog (built as elements: nothing the admin types is read as HTML). */
function field(id: string, label: string, control: HTMLInputElement | HTMLTextAreaElement, hint?: string): HTMLDivElement {
  const wrap = document.createElement('div');
  wrap.className = 'refund-dialog__field';
  const labelElement = document.createElement('label');
  labelElement.htmlFor = id;
  labelElement.textContent = label;
  control.id = id;
  control.className = 'form-field__input';
  wrap.append(labelElement, control);
  if (hint) {
    const hintElement = document.createElement('p');
    hintElement.id = `${id}-hint`;
    hintElement.className = 'refund-dialog__hint';
    hintElement.textContent = hint;
    control.setAttribute('aria-describedby', hintElement.id);
    wrap.append(hintElement);
  }
  return wrap;
}

/** The refund dialog: the reason (required) and the amount (the advance by default). Undefined when closed. */
async function askRefund(t: Translate<PaymentsAdminId>, advance: number, money: (amount: number) => string): Promise<{ reason: string; amount?: number } | undefined> {
  const Swal = await loadSwal();
  const form = document.createElement('div');
  form.className = 'refund-dialog';
  const text = document.createElement('p');
  text.textContent = t('paymentsAdmin.refund.text', { amount: money(advance) });
  const reason = document.createElement('textarea');
  reason.name = 'reason';
  reason.required = true;
  reason.maxLength = MAX_REASON;
  reason.rows = 2;
  const amount = document.createElement('input');
  amount.name = 'amount';
  amount.inputMode = 'numeric';
  amount.autocomplete = 'off';
  amount.value = String(advance);
  form.append(
    text,
    field('refund-reason', t('paymentsAdmin.refund.reasonLabel'), reason),
    field('refund-amount', t('paymentsAdmin.refund.amountLabel'), amount, t('paymentsAdmin.refund.amountHint', { amount: money(advance) })),
  );
  const answer = await Swal.fire<{ reason: string; amount?: number }>({
    icon: 'question',
    titleText: t('paymentsAdmin.refund.title'),
    html: form,
    showCancelButton: true,
    confirmButtonText: t('paymentsAdmin.refund.yes'),
    cancelButtonText: t('paymentsAdmin.refund.no'),
    focusConfirm: false,
    didOpen: () => reason.focus(),
    preConfirm: () => {
      const read = readRefundForm(reason.value, amount.value, advance);
      if (!read.ok) {
        Swal.showValidationMessage(t(read.error));
        return false;
      }
      return read.amount === undefined ? { reason: read.reason } : { reason: read.reason, amount: read.amount };
    },
  });
  return answer.isConfirmed ? answer.value : undefined;
}

type AdvancePanelProps = {
  order: AdminOrder;
  /** Called after a refund: the order page reloads the order and its timeline. */
  onChanged: () => void;
  /** Whether the person may refund (money.manage, issue 36); without it the panel only reads. */
  refund?: boolean;
};

/**
 * An order's advance by bKash on the admin's order page (issue 35): the amount, why it was asked,
 * where it stands, bKash's transaction and when it was paid, a late payment, the refund; and, for
 * an order canceled (or whose parcel came back) with its advance paid, Refund by bKash.
 */
export function AdvancePanel({ order, onChanged, refund: mayRefund = true }: AdvancePanelProps) {
  const t = useT(paymentsAdminMessages);
  const lang = useLanguage();
  const refund = useRefundAdvance();
  const advance = order.advance;
  if (!advance) return null;
  const money = (amount: number) => formatMoney(amount, lang);

  async function refundIt(paid: number) {
    const asked = await askRefund(t, paid, money);
    if (!asked) return;
    let refunded: Advance;
    try {
      ({ advance: refunded } = await refund.mutateAsync({ orderId: order._id, refund: asked }));
    } catch (error) {
      await showFailure(error, t('paymentsAdmin.refund.failed'));
      onChanged();
      return;
    }
    onChanged();
    const Swal = await loadSwal();
    void Swal.fire({
      icon: 'success',
      titleText: t('paymentsAdmin.refund.done'),
      text: t('paymentsAdmin.refund.doneText', { amount: money(refunded.refund?.amount ?? asked.amount ?? paid), trxId: refunded.refund?.refundTrxId ?? '' }),
    });
  }

  return (
    <div className="advance-panel" data-testid="advance-panel" data-status={advance.status}>
      <dl className="advance-panel__facts">
        <div>
          <dt>{t('paymentsAdmin.amount')}</dt>
          <dd data-testid="advance-amount">{money(advance.amount)}</dd>
        </div>
        <div>
          <dt>{t('paymentsAdmin.status')}</dt>
          <dd data-testid="advance-status">
            <span className={`advance-panel__status advance-panel__status--${advance.status}`}>{t(STATUS_IDS[advance.status])}</span>
          </dd>
        </div>
        <div>
          <dt>{t('paymentsAdmin.reason')}</dt>
          <dd>{t(REASON_IDS[advance.reason])}</dd>
        </div>
        {advance.status === 'awaiting' && (
          <div>
            <dt>{t('paymentsAdmin.holdUntil')}</dt>
            <dd>
              <time dateTime={advance.holdUntil}>{formatWhen(advance.holdUntil, lang)}</time>
            </dd>
          </div>
        )}
        {advance.trxId && (
          <div>
            <dt>{t('paymentsAdmin.trx')}</dt>
            <dd data-testid="advance-trx">{advance.trxId}</dd>
          </div>
        )}
        {advance.paidAt && (
          <div>
            <dt>{t('paymentsAdmin.paidAt')}</dt>
            <dd>
              <time dateTime={advance.paidAt}>{formatWhen(advance.paidAt, lang)}</time>
            </dd>
          </div>
        )}
        {advance.status === 'paid' && !advance.late && (
          <div>
            <dt>{t('paymentsAdmin.onDelivery')}</dt>
            <dd data-testid="advance-on-delivery">{money(Math.max(0, order.amount - advance.amount))}</dd>
          </div>
        )}
        {advance.refund && (
          <div>
            <dt>{t('paymentsAdmin.refundFact')}</dt>
            <dd data-testid="advance-refund">
              {t('paymentsAdmin.refundLine', { amount: money(advance.refund.amount), trxId: advance.refund.refundTrxId, at: formatWhen(advance.refund.at, lang) })}
              <span className="advance-panel__reason">{t('paymentsAdmin.refundReason', { reason: advance.refund.reason })}</span>
            </dd>
          </div>
        )}
      </dl>
      {advance.late && advance.status === 'paid' && (
        <p className="advance-panel__late" role="note" data-testid="advance-late">
          {t('paymentsAdmin.late')}
        </p>
      )}
      {refundable(order)
        ? mayRefund && (
            <div>
              <button type="button" className="button button--danger button--small" disabled={refund.isPending} onClick={() => void refundIt(advance.amount)}>
                {refund.isPending ? t('paymentsAdmin.refund.refunding') : t('paymentsAdmin.refund.button')}
              </button>
            </div>
          )
        : advance.status === 'paid' && !order.deleted && <p className="advance-panel__hint">{t('paymentsAdmin.refundHint')}</p>}
    </div>
  );
}
