import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { UppercaseInput } from '../../../components/uppercase-input';
import { loadSwal } from '../../../lib/dialog';
import { describeFailure, isSessionFailure } from '../../../lib/error-message';
import { couponCodeCharacters, maxCouponCodeLength } from '../../../../../src/shared/coupon-code';
import { isWholeBasisPoints } from '../../../../../src/shared/money';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { useCreateCoupon } from '../api/create-coupon';
import { couponsMessages } from '../messages/coupons';

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
  const t = useT(couponsMessages);
  const lang = useLanguage();
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
        title: t('coupons.add.invalidCode'),
        text: t('coupons.add.invalidCodeText'),
      });
      return;
    }
    if (percent === null) {
      void Swal.fire({ icon: 'warning', title: t('coupons.add.invalidDiscount'), text: t('coupons.add.invalidDiscountText') });
      return;
    }
    // The optional rules (issue 33): empty is none; numbers typed in Bengali digits are read by the API too.
    const data = new FormData(form);
    const expiresOn = String(data.get('expiresOn') ?? '');
    const minOrder = String(data.get('minOrder') ?? '').trim();
    const maxUses = String(data.get('maxUses') ?? '').trim();
    try {
      await createCoupon.mutateAsync({ code: trimmed, discountPercent: percent, expiresOn: expiresOn || null, minOrder: minOrder || null, maxUses: maxUses || null });
    } catch (error) {
      const failure = await describeFailure(error);
      if (isSessionFailure(failure)) return;
      // The spec: a 400 is a duplicate code. A validation refusal (the checks above missed something) says why.
      const text =
        failure.status === 400
          ? failure.code === 'http/validation'
            ? failure.message
            : t('coupons.add.exists')
          : t('coupons.add.failed');
      void Swal.fire({ icon: 'error', title: t('coupons.add.error'), text });
      return;
    }
    form.reset();
    setCode('');
    void Swal.fire({ icon: 'success', title: t('coupons.add.added'), text: t('coupons.add.addedText', { code: trimmed, percent: formatNumber(percent, lang) }) });
  }

  return (
    <section className="dashboard-page" aria-labelledby="add-coupon-title">
      <h1 id="add-coupon-title" className="page__title">
        {t('coupons.add.title')}
      </h1>
      <p className="page__lead">{t('coupons.add.lead')}</p>
      <form className="form admin-form" onSubmit={(event) => void handleSubmit(event)}>
        <FormField label={t('coupons.add.code')} id="coupon-code" hint={t('coupons.add.codeHint')}>
          {(control) => (
            <UppercaseInput
              {...control}
              name="code"
              value={code}
              onValueChange={setCode}
              maxLength={32}
              pattern="[A-Za-z0-9_\-]+"
              title={t('coupons.add.codePattern')}
              required
            />
          )}
        </FormField>
        <FormField label={t('coupons.add.discount')} id="coupon-discount">
          {(control) => <input {...control} name="discountPercent" type="number" inputMode="decimal" min={1} max={100} step={0.01} required />}
        </FormField>
        <FormField label={t('coupons.add.expiresOn')} id="coupon-expires" hint={t('coupons.add.expiresHint')}>
          {(control) => <input {...control} name="expiresOn" type="date" min="2000-01-01" max="2200-12-31" />}
        </FormField>
        <FormField label={t('coupons.add.minOrder')} id="coupon-min-order" hint={t('coupons.add.minOrderHint')}>
          {(control) => <input {...control} name="minOrder" type="number" inputMode="numeric" min={1} step={1} />}
        </FormField>
        <FormField label={t('coupons.add.maxUses')} id="coupon-max-uses" hint={t('coupons.add.maxUsesHint')}>
          {(control) => <input {...control} name="maxUses" type="number" inputMode="numeric" min={1} step={1} />}
        </FormField>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={createCoupon.isPending}>
            {t('coupons.add.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
