import type { KeyboardEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { UppercaseInput } from '../../../components/uppercase-input';

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
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter in the coupon field applies the code; it must not place the order.
    if (event.key === 'Enter') {
      event.preventDefault();
      onApply();
    }
  }

  return (
    <FormField label="Coupon Code" id="checkout-coupon" describedBy="checkout-coupon-status">
      {(control) => (
        <>
          <div className="coupon-field">
            <UppercaseInput {...control} name="coupon" value={code} onValueChange={onCodeChange} onKeyDown={handleKeyDown} maxLength={32} />
            <button type="button" className="button button--secondary" disabled={applying} onClick={onApply}>
              Apply
            </button>
          </div>
          <p id="checkout-coupon-status" className="form-field__hint" role="status" data-testid="coupon-status">
            {applied ? `Coupon ${applied.code} applied: ${applied.percent}% off the products.` : 'Optional.'}
          </p>
        </>
      )}
    </FormField>
  );
}
