import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { loadSwal, showFailure } from '../../../lib/dialog';
import { describeFailure, isSessionFailure } from '../../../lib/error-message';
import { useLanguage, useT, type Lang, type Translate } from '../../../lib/i18n/i18n';
import { localized } from '../../../lib/i18n/localized';
import { formatDigits, formatMoney, formatNumber } from '../../../../../src/shared/locale-format';
import { discountParts } from '../../../../../src/shared/money';
import { useAreas } from '../api/get-areas';
import { useEditOrder } from '../api/edit-order';
import { editProductQueryOptions, useEditProducts, type EditProduct } from '../api/get-edit-products';
import type { OrderView } from '../api/get-order';
import { zoneOfThana } from '../checkout-rules';
import { orderEditMessages, type OrderEditId } from '../messages/order-edit';
import {
  editFormOf,
  editTotals,
  MAX_REASON,
  readEditForm,
  unitPriceOf,
  variantKey,
  type EditError,
  type EditErrors,
  type EditForm,
  type EditLine,
} from '../order-edit';
import { ProductPicker } from './product-picker';
import { lineErrorPlace, VariantLineRow } from './variant-line';
import { AreaFields, type AreasState } from './area-fields';
import './order-edit.css';

type OrderEditFormProps = {
  order: OrderView;
  /** The form is done (saved, given up, or the order changed meanwhile): the page shows the order again. */
  onClose: () => void;
};

const FIELD_IDS = {
  name: 'order-edit-name',
  phone: 'order-edit-phone',
  address: 'order-edit-address',
  district: 'order-edit-district',
  thana: 'order-edit-thana',
  deliveryLocation: 'order-edit-zone',
  reason: 'order-edit-reason',
} as const;

/**
 * An admin's change of an order at its customer's request (issue 36), on the order page: each line's
 * quantity, size and color (among its product's) and Remove, a product added from the catalogue, the
 * name, phone, address, district and thana (the zone follows the thana), and why; the totals after the
 * change by the money rules before saving (the server's answer is the order's). Sent with the version
 * of the order the admin saw: a change made meanwhile is refused, and the order is loaded again.
 */
export function OrderEditForm({ order, onClose }: OrderEditFormProps) {
  const t = useT(orderEditMessages);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const save = useEditOrder();
  // The order as the admin saw it when the form opened: its version goes with the change.
  const [seen] = useState(order);
  const [form, setForm] = useState<EditForm>(() => editFormOf(order));
  const [errors, setErrors] = useState<EditErrors | null>(null);
  const [added, setAdded] = useState<{ key: string; title: string } | null>(null);
  const newLines = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const { products, failed } = useEditProducts(form.lines.map((line) => line.productId));
  const areasQuery = useAreas();
  const areas: AreasState =
    areasQuery.status === 'success'
      ? { status: 'success', list: areasQuery.data }
      : areasQuery.status === 'error'
        ? { status: 'error', retry: () => void areasQuery.refetch() }
        : { status: 'pending' };

  // The zone follows the thana (the order's own while its area stays); chosen alone for an order placed without a district.
  const zone =
    form.district === ''
      ? form.deliveryLocation
      : form.district === seen.district && form.thana === seen.thana
        ? seen.deliveryLocation
        : zoneOfThana(areasQuery.data, form.district, form.thana);
  const current: EditForm = { ...form, deliveryLocation: zone };
  const totals = editTotals(current, seen, products);
  // The coupon's part and the shop's (an order the staff took, issue 36).
  const parts = totals ? discountParts(totals) : null;

  // Opened, the form has the focus (its button is gone); after a refusal, the first field to mend; after an addition, the new line.
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (errors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .order-edit__form-error')?.focus();
  }, [errors]);
  useEffect(() => {
    if (added) formRef.current?.querySelector<HTMLElement>(`[data-line="${added.key}"] select, [data-line="${added.key}"] input`)?.focus();
  }, [added]);

  function change(patch: Partial<EditForm>) {
    setForm((was) => ({ ...was, ...patch }));
  }
  function changeLine(key: string, patch: Partial<EditLine>) {
    setForm((was) => ({ ...was, lines: was.lines.map((line) => (line.key === key ? { ...line, ...patch } : line)) }));
  }

  function addProduct(product: EditProduct) {
    // Its sizes, colors and stock are known: the line's selects need not ask again.
    queryClient.setQueryData(editProductQueryOptions(product._id).queryKey, product);
    const single = product.sizes.length <= 1 && product.colors.length <= 1;
    const size = product.sizes.length === 1 ? product.sizes[0]! : '';
    const color = product.colors.length === 1 ? product.colors[0]! : '';
    const same = single ? form.lines.find((line) => variantKey(line) === variantKey({ productId: product._id, size, color })) : undefined;
    if (same) {
      // Its one variant is a line already: its quantity is what to change.
      setAdded({ key: same.key, title: product.title });
      return;
    }
    newLines.current += 1;
    const key = `new-${newLines.current}`;
    setForm((was) => ({ ...was, lines: [...was.lines, { key, productId: product._id, title: product.title, titleBn: product.titleBn, size, color, quantity: '1' }] }));
    setAdded({ key, title: localized(lang, product.title, product.titleBn) });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const read = readEditForm(current, seen, products);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors(null);
    let changed;
    try {
      changed = await save.mutateAsync({ id: seen._id, edit: read.edit });
    } catch (error) {
      const failure = await describeFailure(error);
      if (isSessionFailure(failure)) return;
      if (failure.code !== 'ordering/edit-conflict') {
        await showFailure(error, t('orderEdit.failed'));
        return;
      }
      // Someone changed the order meanwhile: the page shows it as it is now (the mutation reloads it).
      onClose();
      const Swal = await loadSwal();
      void Swal.fire({ icon: 'warning', titleText: t('orderEdit.conflictTitle'), text: t('orderEdit.conflictText'), confirmButtonText: t('orderEdit.ok') });
      return;
    }
    onClose();
    const Swal = await loadSwal();
    void Swal.fire({
      icon: 'success',
      titleText: t('orderEdit.done'),
      text: t('orderEdit.doneText', { number: formatDigits(changed.orderNumber, lang), total: formatMoney(changed.amount, lang) }),
      confirmButtonText: t('orderEdit.ok'),
    });
  }

  const fieldError = (field: keyof typeof FIELD_IDS) => {
    const id = errors?.fields[field];
    return id ? t(id) : undefined;
  };

  return (
    <section className="order-page__panel order-edit" aria-labelledby={titleId} data-testid="order-edit">
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="order-page__subtitle">
        {t('orderEdit.title', { number: formatDigits(seen.orderNumber, lang) })}
      </h2>
      <p className="order-edit__lead">{t('orderEdit.lead')}</p>
      <form ref={formRef} className="form order-edit__form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="order-edit__group">
          <legend className="order-edit__legend">{t('orderEdit.items')}</legend>
          <ul className="order-edit__lines">
            {form.lines.map((line) => (
              <LineRow
                key={line.key}
                line={line}
                product={products.get(line.productId)}
                gone={failed.has(line.productId)}
                unitPrice={unitPriceOf(line, seen.cartItems, products)}
                kept={seen.cartItems.some((l) => variantKey(l) === variantKey(line))}
                error={errors?.lines[line.key]}
                onChange={(patch) => changeLine(line.key, patch)}
                onRemove={() => change({ lines: form.lines.filter((l) => l.key !== line.key) })}
                t={t}
                lang={lang}
              />
            ))}
          </ul>
          <p className="visually-hidden" role="status">
            {added ? t('orderEdit.added', { item: added.title }) : ''}
          </p>
          <ProductPicker onPick={addProduct} texts={{ add: t('orderEdit.add'), addHint: t('orderEdit.addHint'), searching: t('orderEdit.searching'), searchFailed: t('orderEdit.searchFailed'), noMatch: t('orderEdit.noMatch'), addThis: t('orderEdit.addThis') }} lang={lang} idPrefix="order-edit" matchesTestId="edit-product-matches" />
        </fieldset>

        <fieldset className="order-edit__group">
          <legend className="order-edit__legend">{t('orderEdit.delivery')}</legend>
          <FormField label={t('orderEdit.name')} id={FIELD_IDS.name} error={fieldError('name')}>
            {(control) => <input {...control} name="name" type="text" autoComplete="off" value={form.name} onChange={(event) => change({ name: event.target.value })} />}
          </FormField>
          <FormField label={t('orderEdit.phone')} id={FIELD_IDS.phone} error={fieldError('phone')}>
            {(control) => <input {...control} name="phone" type="tel" inputMode="tel" autoComplete="off" value={form.phone} onChange={(event) => change({ phone: event.target.value })} />}
          </FormField>
          <FormField label={t('orderEdit.address')} id={FIELD_IDS.address} error={fieldError('address')} controlClassName="form-field__textarea order-edit__address">
            {(control) => <textarea {...control} name="address" rows={2} value={form.address} onChange={(event) => change({ address: event.target.value })} />}
          </FormField>
          <AreaFields
            ids={FIELD_IDS}
            errors={{ district: fieldError('district'), thana: fieldError('thana'), deliveryLocation: fieldError('deliveryLocation') }}
            areas={areas}
            district={form.district}
            onDistrictChange={(district) => change({ district, thana: '' })}
            thana={form.thana}
            onThanaChange={(thana) => change({ thana })}
            location={zone}
            onLocationChange={(deliveryLocation) => change({ deliveryLocation })}
            zoneTestId="order-edit-zone"
          />
        </fieldset>

        <section className="order-edit__totals" aria-labelledby="order-edit-totals-title">
          <h3 id="order-edit-totals-title" className="order-edit__legend">
            {t('orderEdit.totals')}
          </h3>
          {totals ? (
            <dl className="totals">
              <div className="totals__row">
                <dt>{t('orderEdit.subtotal')}</dt>
                <dd>{formatMoney(totals.subtotal, lang)}</dd>
              </div>
              {parts && parts.coupon > 0 && (
                <div className="totals__row">
                  <dt>{t('orderEdit.discount', { percent: formatNumber(seen.discountPercent, lang) })}</dt>
                  <dd>−{formatMoney(parts.coupon, lang)}</dd>
                </div>
              )}
              {parts && parts.shop > 0 && (
                <div className="totals__row">
                  <dt>{t('orderEdit.shopDiscount')}</dt>
                  <dd>−{formatMoney(parts.shop, lang)}</dd>
                </div>
              )}
              <div className="totals__row">
                <dt>{t('orderEdit.fee')}</dt>
                <dd>{formatMoney(totals.fee, lang)}</dd>
              </div>
              <div className="totals__row totals__row--total">
                <dt>{t('orderEdit.total')}</dt>
                <dd>
                  <span data-testid="edit-total">{formatMoney(totals.total, lang)}</span>
                  {totals.total !== seen.amount && <span className="order-edit__was"> ({t('orderEdit.was', { amount: formatMoney(seen.amount, lang) })})</span>}
                </dd>
              </div>
            </dl>
          ) : (
            <p className="order-edit__muted">{t('orderEdit.totalsPending')}</p>
          )}
          <p className="order-edit__muted">{t('orderEdit.serverTotals')}</p>
        </section>

        <FormField label={t('orderEdit.reason')} id={FIELD_IDS.reason} hint={t('orderEdit.reasonHint')} error={fieldError('reason')} controlClassName="form-field__textarea order-edit__reason">
          {(control) => <textarea {...control} name="reason" rows={2} maxLength={MAX_REASON} required value={form.reason} onChange={(event) => change({ reason: event.target.value })} />}
        </FormField>

        {errors?.form && (
          <p className="notice notice--error order-edit__form-error" role="alert" tabIndex={-1}>
            {t(errors.form)}
          </p>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary button--small" disabled={save.isPending}>
            {save.isPending ? t('orderEdit.saving') : t('orderEdit.save')}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={onClose}>
            {t('orderEdit.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** What a refused line's message is about. */
const errorKind = (error: EditError | undefined) =>
  error === undefined ? undefined : error === 'orderEdit.error.size' ? 'size' : error === 'orderEdit.error.color' ? 'color' : error === 'orderEdit.error.duplicate' ? 'duplicate' : 'other';

type LineRowProps = {
  line: EditLine;
  product: EditProduct | undefined;
  /** The catalogue has it no more (or could not say): its variant stays, its quantity may change. */
  gone: boolean;
  unitPrice: number | undefined;
  /** The order has this variant: it keeps the order's price. */
  kept: boolean;
  error: EditError | undefined;
  onChange: (patch: Partial<EditLine>) => void;
  onRemove: () => void;
  t: Translate<OrderEditId>;
  lang: Lang;
};

/** One line of the form: its product, price, size and color, quantity, stock left, and Remove. */
function LineRow({ line, product, gone, unitPrice, kept, error, onChange, onRemove, t, lang }: LineRowProps) {
  const place = lineErrorPlace(errorKind(error), product);
  const choice = [line.size, line.color].filter(Boolean).join(', ');
  return (
    <VariantLineRow
      idPrefix="order-edit"
      testIds={{ line: 'edit-line' }}
      line={line}
      product={product}
      titleSuffix={!product && choice ? ` (${choice})` : undefined}
      price={unitPrice !== undefined ? t(kept ? 'orderEdit.each' : 'orderEdit.newPrice', { price: formatMoney(unitPrice, lang) }) : undefined}
      error={place && error ? { place, message: t(error) } : undefined}
      texts={{
        size: t('orderEdit.size'),
        color: t('orderEdit.color'),
        quantity: t('orderEdit.quantity'),
        remove: t('orderEdit.remove'),
        chooseSize: t('orderEdit.chooseSize'),
        chooseColor: t('orderEdit.chooseColor'),
        inStock: (count) => t('orderEdit.inStock', { count }),
        noStock: t('orderEdit.noStock'),
      }}
      onChange={onChange}
      onRemove={onRemove}
      lang={lang}
    >
      {gone && <p className="order-edit__muted">{t('orderEdit.productGone')}</p>}
    </VariantLineRow>
  );
}
