import type { KeyboardEvent } from 'react';
import { FormField } from '../../../components/form-field';
import type { PhoneCodeState } from '../use-phone-code';
import './phone-code.css';

/** "5 minutes", "1 minute", "45 seconds". */
function duration(seconds: number): string {
  if (seconds >= 60) {
    const minutes = Math.round(seconds / 60);
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * Under Phone Number when the shop asks for a phone code (CHECKOUT_OTP): Send code, then the 6-digit
 * Code, Verify and a resend that waits its turn; "Phone number confirmed" once the server agreed.
 */
export function PhoneCode({ state }: { state: PhoneCodeState }) {
  const { sent, resendIn, error } = state;

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
          Phone number confirmed
        </p>
      ) : sent ? (
        <>
          <p className="form-field__hint" role="status">
            We sent a 6-digit code to {sent.shown}. It expires in {duration(sent.expiresInSeconds)}.
          </p>
          <FormField label="Code" id="checkout-phone-code">
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
                  {state.verifying ? 'Verifying…' : 'Verify'}
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
            {resendIn > 0 ? `Resend code in ${resendIn} s` : 'Resend code'}
          </button>
        </>
      ) : (
        <>
          <p className="form-field__hint">We send a 6-digit code by SMS to confirm this number before the order counts.</p>
          <button
            type="button"
            className="button button--secondary phone-code__send"
            disabled={state.sending}
            onClick={() => void state.send()}
          >
            {state.sending ? 'Sending code…' : 'Send code'}
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
