import type { KeyboardEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { UppercaseInput } from '../../../components/uppercase-input';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { checkoutMessages } from '../messages/checkout';

export type AppliedCoupon = { code: string; percent: number };

type CouponBoxProps = {
  code: string;
  applied: AppliedCoupon | null;
  applying: boolean;
  onCodeChange: (code: string) => void;
  onApply: () => void;
};

/** The optional coupon: a code, Apply, and what it takes off, announced as it changes. */
export function CouponBox({ code, applied, applying, onCodeChange, onApply }: CouponBoxProps) {
  const t = useT(checkoutMessages);
  const lang = useLanguage();
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter in the coupon field applies the code; it must not place the order.
    if (event.key === 'Enter') {
      event.preventDefault();
      onApply();
    }
  }

  return (
    <FormField label={t('checkout.coupon')} id="checkout-coupon" describedBy="checkout-coupon-status">
      {(control) => (
        <>
          <div className="coupon-field">
            <UppercaseInput {...control} name="coupon" value={code} onValueChange={onCodeChange} onKeyDown={handleKeyDown} maxLength={32} />
            <button type="button" className="button button--secondary" disabled={applying} onClick={onApply}>
              {t('checkout.apply')}
            </button>
          </div>
          <p id="checkout-coupon-status" className="form-field__hint" role="status" data-testid="coupon-status">
            {applied
              ? t('checkout.couponApplied', { code: applied.code, percent: formatNumber(applied.percent, lang) })
              : t('checkout.optional')}
          </p>
        </>
      )}
    </FormField>
  );
}
