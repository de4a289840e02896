import { useQueryClient } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { useT } from '../../../lib/i18n/i18n';
import { ordersQueryKeyRoot } from '../api/get-orders';
import { checkoutMessages } from '../messages/checkout';
import { ordersMessages } from '../messages/orders';
import { usePhoneCode } from '../use-phone-code';
import { PhoneCode } from './phone-code';

/**
 * My Orders' way to the orders a person placed by phone or without an account (issue 36, decisions
 * 064 and 066): those belong to the phone's customer record, and a right answer to a code sent to
 * that phone makes the record this account's, whatever CHECKOUT_OTP says. Folded below the list, as
 * most customers never need it; the list is fetched again once the server agreed.
 */
export function ClaimPhoneOrders() {
  const queryClient = useQueryClient();
  const phoneCode = usePhoneCode(true, { onConfirmed: () => void queryClient.invalidateQueries({ queryKey: ordersQueryKeyRoot }) });
  const t = useT(ordersMessages);
  const tc = useT(checkoutMessages);

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter in Phone Number asks for the code: there is no form to submit here.
    if (event.key === 'Enter') {
      event.preventDefault();
      void phoneCode.send();
    }
  }

  return (
    <details className="claim-phone-orders" data-testid="claim-phone-orders">
      <summary>{t('orders.claim.title')}</summary>
      <div className="claim-phone-orders__body">
        <p className="claim-phone-orders__text">{t('orders.claim.text')}</p>
        <FormField label={tc('checkout.phone')} id="claim-phone" hint={tc('checkout.phoneHint')}>
          {(control) => (
            <input
              {...control}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              onChange={(event) => phoneCode.changePhone(event.target.value)}
              onKeyDown={handleKeyDown}
            />
          )}
        </FormField>
        <PhoneCode state={phoneCode} why={null} confirmed={t('orders.claim.confirmed')} />
      </div>
    </details>
  );
}
