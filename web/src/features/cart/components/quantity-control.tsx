import { useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n/i18n';
import { cartMessages } from '../messages/cart';

/**
 * A cart line's quantity: − and + step it, the field takes a number (Enter or leaving it sends).
 * Every change goes to the server, which knows the stock; until it answers, the control waits.
 */
export function QuantityControl({
  quantity,
  max,
  title,
  disabled,
  onChange,
}: {
  quantity: number;
  /** The most one line holds: the shop's MAX_LINE_QUANTITY (the server refuses more anyway). */
  max: number;
  /** Names the control for screen readers: "Quantity of {title}". */
  title: string;
  disabled: boolean;
  /** Settles when the change is done or refused. */
  onChange: (quantity: number) => Promise<unknown>;
}) {
  // What the field shows while the shopper types or a change is on its way; null shows the server's quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const t = useT(cartMessages);

  function send(next: number) {
    if (!Number.isInteger(next) || next < 1 || next > max || next === quantity) {
      setDraft(null);
      return;
    }
    setDraft(String(next));
    // Settles once the cart was read again (or the change was refused): the server's quantity wins.
    void onChange(next).finally(() => setDraft(null));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (draft !== null) send(Number(draft));
  }

  return (
    <form className="quantity-control" onSubmit={handleSubmit} noValidate>
      <button
        type="button"
        className="quantity-control__step"
        aria-label={t('cart.quantity.less', { title })}
        disabled={disabled || quantity <= 1}
        onClick={() => send(quantity - 1)}
      >
        −
      </button>
      <input
        className="quantity-control__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        aria-label={t('cart.quantity.of', { title })}
        value={draft ?? String(quantity)}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => draft !== null && send(Number(draft))}
      />
      <button
        type="button"
        className="quantity-control__step"
        aria-label={t('cart.quantity.more', { title })}
        disabled={disabled || quantity >= max}
        onClick={() => send(quantity + 1)}
      >
        +
      </button>
    </form>
  );
}
