import { useState, type FormEvent } from 'react';
import { useLanguage, useT } from '../../../../lib/i18n/i18n';
import { localized } from '../../../../lib/i18n/localized';
import { formatNumber } from '../../../../../../src/shared/locale-format';
import type { AdminOrder } from '../api/delivery-keys';
import type { ReturnedLine } from '../api/receive-return';
import { readReturned } from '../amounts';
import { deliveryAdminMessages } from '../messages/delivery-admin';

type Props = {
  order: AdminOrder;
  busy: boolean;
  onSubmit: (lines: ReturnedLine[]) => Promise<void>;
  onCancel: () => void;
};

/**
 * A partly delivered parcel back at the shop: how many of each item came back (0 to what was
 * ordered), counted by the admin; those go back to stock. The same variant on two lines is sent once,
 * summed.
 */
export function ReceivePartialForm({ order, busy, onSubmit, onCancel }: Props) {
  const t = useT(deliveryAdminMessages);
  const lang = useLanguage();
  const lines = order.cartItems;
  const [typed, setTyped] = useState<string[]>(() => lines.map(() => '0'));
  const [wrong, setWrong] = useState<readonly number[]>([]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const counts = lines.map((line, i) => readReturned(typed[i] ?? '', line.quantity));
    const bad = counts.flatMap((count, i) => (count === null ? [i] : []));
    setWrong(bad);
    if (bad.length > 0) {
      event.currentTarget.querySelector<HTMLInputElement>(`#returned-${bad[0]}`)?.focus();
      return;
    }
    const byVariant = new Map<string, ReturnedLine>();
    lines.forEach((line, i) => {
      const quantity = counts[i] ?? 0;
      if (quantity === 0) return;
      const key = JSON.stringify([line.productId, line.size, line.color]);
      const seen = byVariant.get(key);
      byVariant.set(key, { productId: line.productId, size: line.size, color: line.color, quantity: (seen?.quantity ?? 0) + quantity });
    });
    await onSubmit([...byVariant.values()]);
  }

  return (
    <form className="form parcel-receive" aria-labelledby="parcel-receive-title" noValidate onSubmit={(event) => void submit(event)} data-testid="receive-form">
      <h3 id="parcel-receive-title" className="parcel-panel__subtitle">
        {t('deliveryAdmin.receive.countTitle')}
      </h3>
      <p className="parcel-panel__muted">{t('deliveryAdmin.receive.countLead')}</p>
      <ul className="parcel-receive__lines">
        {lines.map((line, i) => {
          const choice = [localized(lang, line.size, line.sizeBn), localized(lang, line.color, line.colorBn)].filter(Boolean).join(', ');
          const errorId = `returned-${i}-error`;
          const isWrong = wrong.includes(i);
          return (
            <li key={`${line.productId}-${line.size}-${line.color}-${i}`} className="parcel-receive__line">
              <label htmlFor={`returned-${i}`} className="parcel-receive__label">
                <span className="parcel-receive__title">
                  {localized(lang, line.title, line.titleBn)}
                  {choice && ` (${choice})`}
                </span>
                <span className="parcel-panel__muted">{t('deliveryAdmin.receive.ordered', { count: formatNumber(line.quantity, lang) })}</span>
              </label>
              <input
                id={`returned-${i}`}
                className="form-field__input parcel-receive__count"
                type="number"
                inputMode="numeric"
                min={0}
                max={line.quantity}
                step={1}
                value={typed[i] ?? ''}
                aria-invalid={isWrong || undefined}
                aria-describedby={isWrong ? errorId : undefined}
                onChange={(event) => setTyped(typed.map((value, j) => (j === i ? event.target.value : value)))}
                data-testid="returned-count"
              />
              {isWrong && (
                <p id={errorId} className="form-field__error">
                  {t('deliveryAdmin.receive.countWrong', { max: formatNumber(line.quantity, lang) })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary button--small" disabled={busy}>
          {busy ? t('deliveryAdmin.saving') : t('deliveryAdmin.receive.submit')}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          {t('deliveryAdmin.cancelButton')}
        </button>
      </div>
    </form>
  );
}
