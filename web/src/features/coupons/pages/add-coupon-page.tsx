import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { UppercaseInput } from '../../../components/uppercase-input';
import { loadSwal } from '../../../lib/dialog';
import { describeFailure, isSessionFailure } from '../../../lib/error-message';
import { couponCodeCharacters, maxCouponCodeLength } from '../../../../../src/shared/coupon-code';
import { isWholeBasisPoints } from '../../../../../src/shared/money';
import { useCreateCoupon } from '../api/create-coupon';

/** The server's rule for codes (src/shared/coupon-code.ts): letters, digits, - and _, at most 32. */
const isCouponCode = (code: string) => code.length > 0 && code.length <= maxCouponCodeLength && couponCodeCharacters.test(code);

/** A percentage from 1 to 100 with at most two decimals, or null. */
function parsePercent(raw: string): number | null {
  const percent = Number.parseFloat(raw);
  if (!Number.isFinite(percent) || percent < 1 || percent > 100) return null;
  if (!isWholeBasisPoints(percent)) return null;
  return percent;
}

/** /dashboard/addcoupon (admin). */
export function AddCouponPage() {
  const createCoupon = useCreateCoupon();
  const [code, setCode] = useState('');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const trimmed = code.trim();
    const percent = parsePercent(String(new FormData(form).get('discountPercent') ?? ''));
    const Swal = await loadSwal();
    if (!isCouponCode(trimmed)) {
      void Swal.fire({
        icon: 'warning',
        title: 'Invalid Code',
        text: 'Use letters, digits, - and _ only (at most 32 characters).',
      });
      return;
    }
    if (percent === null) {
      void Swal.fire({ icon: 'warning', title: 'Invalid Discount', text: 'The discount is from 1 to 100 percent, with at most two decimals.' });
      return;
    }
    try {
      await createCoupon.mutateAsync({ code: trimmed, discountPercent: percent });
    } catch (error) {
      const failure = await describeFailure(error);
      if (isSessionFailure(failure)) return;
      // The spec: a 400 is a duplicate code. A validation refusal (the checks above missed something) says why.
      const text =
        failure.status === 400
          ? failure.code === 'http/validation'
            ? failure.message
            : 'Coupon code already exists!'
          : 'Failed to add coupon!';
      void Swal.fire({ icon: 'error', title: 'Error', text });
      return;
    }
    form.reset();
    setCode('');
    void Swal.fire({ icon: 'success', title: 'Coupon Added!', text: `Code ${trimmed} gives ${percent}% off.` });
  }

  return (
    <section className="dashboard-page" aria-labelledby="add-coupon-title">
      <h1 id="add-coupon-title" className="page__title">
        Add Coupon
      </h1>
      <p className="page__lead">Customers enter the code at checkout to get the discount on their products.</p>
      <form className="form admin-form" onSubmit={(event) => void handleSubmit(event)}>
        <FormField label="Coupon Code" id="coupon-code" hint="Letters, digits, - and _; saved in capitals (e.g. EID25).">
          {(control) => (
            <UppercaseInput
              {...control}
              name="code"
              value={code}
              onValueChange={setCode}
              maxLength={32}
              pattern="[A-Za-z0-9_\-]+"
              title="Letters, digits, - and _ only"
              required
            />
          )}
        </FormField>
        <FormField label="Discount (%)" id="coupon-discount">
          {(control) => <input {...control} name="discountPercent" type="number" inputMode="decimal" min={1} max={100} step={0.01} required />}
        </FormField>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={createCoupon.isPending}>
            Add Coupon
          </button>
        </div>
      </form>
    </section>
  );
}
