import { HTTPError } from 'ky';
import { useEffect, useState } from 'react';
import { describeFailure, isSessionFailure } from '../../lib/error-message';
import { fromBengaliDigits } from '../../../../src/shared/locale-format';
import { normalizeBdMobile } from '../../../../src/shared/phone';
import { retryAfterOf, sendGuestPhoneCode, sendPhoneCode, verifyGuestPhoneCode, verifyPhoneCode } from './api/phone-codes';
import { useT } from '../../lib/i18n/i18n';
import { checkoutMessages } from './messages/checkout';

/** Answers after which the code cannot be tried again. */
const DEAD_CODE = new Set(['ordering/phone-code-spent', 'ordering/phone-code-expired', 'ordering/phone-code-missing']);

/** A code sent: to which number (normalised, and as typed for the note), for how long, and when another may be asked for. */
type Sent = { phone: string; shown: string; expiresInSeconds: number; resendAt: number };

/** The number confirmed (normalised) and, for a visitor, the proof the server gave for it ('' for a customer: the server remembers). */
type Confirmed = { phone: string; proof: string };

/**
 * A phone code: send a 6-digit code to the number typed in Phone Number, answer it, and remember
 * which number is confirmed; the checkout's (CHECKOUT_OTP, decision 032), and My Orders' proof of a
 * phone whose orders the account then sees (issue 36). A confirmation belongs to one
 * number: typing another one needs a new code. `enabled` false: nothing is asked.
 * `guest` (guest checkout, issue 36): a visitor's codes, whose right answer gives a proof that is kept
 * here, in memory only, and sent with the order; a signed-in customer's proof is their account's.
 * `onConfirmed` runs after a right answer: for an account that answer also claims the phone's orders
 * (issue 36), which My Orders then fetches again.
 */
export function usePhoneCode(enabled: boolean, { guest = false, onConfirmed }: { guest?: boolean; onConfirmed?: (phone: string) => void } = {}) {
  // The number as typed in the form (read on every change), and its normalised form.
  const t = useT(checkoutMessages);
  const [typed, setTyped] = useState('');
  const phone = normalizeBdMobile(typed);
  const [sent, setSent] = useState<Sent | null>(null);
  const [confirmed, setConfirmed] = useState<Confirmed | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  // The sent code belongs to the number it was sent to.
  const current = sent && sent.phone === phone ? sent : null;
  const resendIn = current ? Math.max(0, Math.ceil((current.resendAt - now) / 1000)) : 0;

  // Ticks once a second while the resend button waits.
  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [resendIn, now]);

  function changePhone(value: string) {
    setTyped(value);
    if (normalizeBdMobile(value) !== phone) {
      setError(null);
      setCode('');
    }
  }

  async function send() {
    if (sending) return;
    if (!phone) {
      // The same rule as the server's phone field.
      setError(typed.trim() === '' ? t('checkout.phone.enterFirst') : t('checkout.phone.notMobile'));
      return;
    }
    setSending(true);
    setError(null);
    const to = phone;
    const shown = typed.trim();
    try {
      const answer = await (guest ? sendGuestPhoneCode : sendPhoneCode)(to);
      setNow(Date.now());
      setSent({ phone: to, shown, expiresInSeconds: answer.expiresInSeconds, resendAt: Date.now() + answer.resendInSeconds * 1000 });
      setCode('');
    } catch (failed) {
      const failure = await describeFailure(failed);
      if (isSessionFailure(failure)) return;
      // Too soon: the resend button waits as long as the server asks.
      const wait = failed instanceof HTTPError && failed.response.status === 429 ? retryAfterOf(failed.response) : null;
      if (wait !== null && sent && sent.phone === to) {
        setNow(Date.now());
        setSent({ ...sent, resendAt: Date.now() + wait * 1000 });
      }
      setError(failure.message);
    } finally {
      setSending(false);
    }
  }

  async function verify() {
    if (verifying || !current) return;
    const digits = code.trim();
    if (!/^\d{6}$/.test(digits)) {
      setError(t('checkout.phone.sixDigits'));
      return;
    }
    setVerifying(true);
    setError(null);
    try {
      let proof = '';
      if (guest) ({ proof } = await verifyGuestPhoneCode(current.phone, digits));
      else await verifyPhoneCode(current.phone, digits);
      setConfirmed({ phone: current.phone, proof });
      setSent(null);
      setCode('');
      onConfirmed?.(current.phone);
    } catch (failed) {
      const failure = await describeFailure(failed);
      if (isSessionFailure(failure)) return;
      // A spent, expired or missing code cannot be answered again: back to asking for one.
      if (failure.code !== undefined && DEAD_CODE.has(failure.code)) setSent(null);
      setError(failure.message);
    } finally {
      setVerifying(false);
    }
  }

  return {
    enabled,
    /** The number typed is confirmed (always true when no code is asked for). */
    isConfirmed: (value: string) => !enabled || (confirmed !== null && normalizeBdMobile(value) === confirmed.phone),
    /** A visitor's proof for the number typed, when it is the one confirmed (undefined otherwise: the server then asks for a code). */
    proofFor: (value: string) => (enabled && confirmed && confirmed.proof !== '' && normalizeBdMobile(value) === confirmed.phone ? confirmed.proof : undefined),
    confirmedNow: enabled && phone !== null && phone === confirmed?.phone,
    /** The server refused the order as not confirmed: ask again. */
    forget: () => setConfirmed(null),
    changePhone,
    sent: current,
    resendIn,
    code,
    // A Bengali keyboard types ০-৯ (issue 33): read as the ASCII digits the SMS shows and the API takes.
    setCode: (value: string) => setCode(fromBengaliDigits(value).replace(/\D/g, '').slice(0, 6)),
    error,
    sending,
    verifying,
    send,
    verify,
  };
}

export type PhoneCodeState = ReturnType<typeof usePhoneCode>;
