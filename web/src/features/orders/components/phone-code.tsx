import type { KeyboardEvent } from 'react';
import { FormField } from '../../../components/form-field';
import type { PhoneCodeState } from '../use-phone-code';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT, type Translate } from '../../../lib/i18n/i18n';
import { checkoutMessages } from '../messages/checkout';
import './phone-code.css';

/** "5 minutes", "1 minute", "45 seconds". */
function duration(seconds: number, t: Translate<'checkout.phone.minutes' | 'checkout.phone.seconds'>): string {
  if (seconds >= 60) return t('checkout.phone.minutes', { count: Math.round(seconds / 60) });
  return t('checkout.phone.seconds', { count: seconds });
}

type PhoneCodeProps = {
  state: PhoneCodeState;
  /** Said above Send code: the checkout's reason by default; null when the page around it already says why. */
  why?: string | null;
  /** Said once the server agreed: "Phone number confirmed" by default. */
  confirmed?: string;
};

/**
 * Under Phone Number when the shop asks for a phone code (CHECKOUT_OTP), and on My Orders to claim
 * a phone's orders (issue 36): Send code, then the 6-digit Code, Verify and a resend that waits its
 * turn; "Phone number confirmed" once the server agreed.
 */
export function PhoneCode({ state, why, confirmed }: PhoneCodeProps) {
  const { sent, resendIn, error } = state;
  const t = useT(checkoutMessages);
  const lang = useLanguage();
  const reason = why === undefined ? t('checkout.phone.why') : why;

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter in the code field verifies it; it must not place the order.
    if (event.key === 'Enter') {
      event.preventDefault();
      void state.verify();
    }
  }

  return (
    <div className="phone-code" data-testid="phone-code">
      {state.confirmedNow ? (
        <p className="phone-code__confirmed" role="status">
          {confirmed ?? t('checkout.phone.confirmed')}
        </p>
      ) : sent ? (
        <>
          <p className="form-field__hint" role="status">
            {t('checkout.phone.sent', { phone: sent.shown, duration: duration(sent.expiresInSeconds, t) })}
          </p>
          <FormField label={t('checkout.phone.code')} id="checkout-phone-code">
            {(control) => (
              <div className="phone-code__row">
                <input
                  {...control}
                  name="phoneCode"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={state.code}
                  onChange={(event) => state.setCode(event.target.value)}
                  onKeyDown={handleKeyDown}
                />
                <button type="button" className="button button--secondary" disabled={state.verifying} onClick={() => void state.verify()}>
                  {state.verifying ? t('checkout.phone.verifying') : t('checkout.phone.verify')}
                </button>
              </div>
            )}
          </FormField>
          <button
            type="button"
            className="button button--secondary phone-code__resend"
            disabled={resendIn > 0 || state.sending}
            onClick={() => void state.send()}
          >
            {resendIn > 0 ? t('checkout.phone.resendIn', { seconds: formatNumber(resendIn, lang) }) : t('checkout.phone.resend')}
          </button>
        </>
      ) : (
        <>
          {reason !== null && <p className="form-field__hint">{reason}</p>}
          <button
            type="button"
            className="button button--secondary phone-code__send"
            disabled={state.sending}
            onClick={() => void state.send()}
          >
            {state.sending ? t('checkout.phone.sending') : t('checkout.phone.send')}
          </button>
        </>
      )}
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
