import { formatMoney } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { advanceLines, type OrderAdvance as Advance } from '../advance-lines';
import { ordersMessages } from '../messages/orders';

/** Under an order's totals (issue 35): its advance paid by bKash and what is left for the courier, or its refund. */
export function OrderAdvance({ advance, total }: { advance: Advance | null; total: number }) {
  const t = useT(ordersMessages);
  const lang = useLanguage();
  const lines = advanceLines(advance, total);
  if (lines.length === 0) return null;
  return (
    <div className="order-advance" data-testid="order-advance" data-status={advance?.status}>
      {lines.map((line) => (
        <p key={line.id} className="order-advance__line">
          {t(line.id, { amount: formatMoney(line.amount ?? 0, lang), trxId: line.trxId ?? '' })}
        </p>
      ))}
    </div>
  );
}
