import { formatMoney } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import type { AdvanceQuote } from '../api/get-checkout-advance';
import { checkoutMessages } from '../messages/checkout';

type AdvanceBoxProps = {
  /** The server's answer for the details typed; undefined before the phone and zone are valid. */
  quote: AdvanceQuote | undefined;
  /** The details changed and the server is being asked again: the box shown is the last answer's. */
  checking: boolean;
};

/**
 * Above Place Order (issue 35): the advance by bKash the order asks, now and on delivery, why (the
 * shop's rule, or instead of the cash-on-delivery block), and how long an unpaid order holds its
 * items; or that this phone number cannot order cash on delivery at all. Nothing without an advance.
 */
export function AdvanceBox({ quote, checking }: AdvanceBoxProps) {
  const t = useT(checkoutMessages);
  const lang = useLanguage();
  if (!quote) return null;
  if (quote.blocked) {
    return (
      <p className="notice notice--error checkout-advance" role="alert" data-testid="checkout-advance">
        {quote.blocked}
      </p>
    );
  }
  const { advance } = quote;
  if (!advance) return null;
  return (
    <div className="checkout-advance" role="status" aria-busy={checking} data-testid="checkout-advance" data-reason={advance.reason}>
      <p className="checkout-advance__amounts">
        {t('checkout.advance.amounts', { amount: formatMoney(advance.amount, lang), rest: formatMoney(advance.payOnDelivery, lang) })}
      </p>
      {advance.reason === 'cod-blocked' && <p>{t('checkout.advance.codBlocked')}</p>}
      <p className="checkout-advance__hold">{t('checkout.advance.hold', { minutes: advance.holdMinutes })}</p>
    </div>
  );
}
