import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { UppercaseInput } from '../../../components/uppercase-input';
import { PAGES } from '../../../app/routes';
import { loadSwal, showFailure } from '../../../lib/dialog';
import { useLanguage, useT, type Lang, type Translate } from '../../../lib/i18n/i18n';
import { localized } from '../../../lib/i18n/localized';
import { formatDigits, formatMoney, formatNumber } from '../../../../../src/shared/locale-format';
import { takenChannels, type TakenChannel } from '../../../../../src/shared/staff-orders';
import { useAreas } from '../api/get-areas';
import { editProductQueryOptions, useEditProducts, type EditProduct } from '../api/get-edit-products';
import { freshTotalsOf, newIdempotencyKey } from '../api/place-order';
import { useCustomerLookup, useTakenQuote, useTakeOrder, type KnownCustomer } from '../api/take-order';
import { zoneOfThana } from '../checkout-rules';
import { ProductPicker } from '../components/product-picker';
import { lineErrorPlace, VariantLineRow } from '../components/variant-line';
import { AreaFields, type AreasState } from '../components/area-fields';
import { takeOrderMessages, type TakeOrderId } from '../messages/take-order';
import { emptyTakeForm, knownDetails, MAX_REASON, readTakeForm, type TakeError, type TakeErrors, type TakeField, type TakeForm, type TakeLine } from '../take-order';
import '../components/order-edit.css';
import './take-order-page.css';

const FIELD_IDS = {
  phone: 'take-order-phone',
  name: 'take-order-name',
  address: 'take-order-address',
  district: 'take-order-district',
  thana: 'take-order-thana',
  deliveryLocation: 'take-order-zone',
  channel: 'take-order-channel',
  discount: 'take-order-discount',
  discountReason: 'take-order-discount-reason',
  waiveReason: 'take-order-waive-reason',
} as const satisfies Record<TakeField, string>;

const CHANNELS: Record<TakenChannel, TakeOrderId> = {
  phone: 'takeOrder.channel.phone',
  messenger: 'takeOrder.channel.messenger',
  'facebook-comment': 'takeOrder.channel.facebookComment',
  'walk-in': 'takeOrder.channel.walkIn',
};

/**
 * /dashboard/take-order (issue 36): the desk takes an order for someone without an account, on a
 * phone-sized screen too. The phone first (looked up: a known customer's name and address fill in),
 * then the items from the catalogue with their sizes, colors, quantities and stock, the area (the
 * zone follows the thana), where the order came from, a coupon, and what the shop gives with why.
 * The summary is the server's price of the order as it stands (its quote, which runs every check);
 * taking it opens the order's page.
 */
export function TakeOrderPage() {
  const t = useT(takeOrderMessages);
  const lang = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<TakeForm>(() => emptyTakeForm(lang));
  const [errors, setErrors] = useState<TakeErrors | null>(null);
  const [known, setKnown] = useState<KnownCustomer | null>(null);
  const [added, setAdded] = useState<{ key: string; title: string } | null>(null);
  const newLines = useRef(0);
  // One key per order being taken: a retry or a second click is answered with the first order.
  const idempotencyKey = useRef(newIdempotencyKey());
  const formRef = useRef<HTMLFormElement>(null);
  const lookup = useCustomerLookup();
  const take = useTakeOrder();
  const { products } = useEditProducts(form.lines.map((line) => line.productId));
  const areasQuery = useAreas();
  const areas: AreasState =
    areasQuery.status === 'success'
      ? { status: 'success', list: areasQuery.data }
      : areasQuery.status === 'error'
        ? { status: 'error', retry: () => void areasQuery.refetch() }
        : { status: 'pending' };

  // The zone follows the thana.
  const current: TakeForm = { ...form, deliveryLocation: zoneOfThana(areasQuery.data, form.district, form.thana) };
  const read = readTakeForm(current, products);
  const { quote, problem: quoteProblem, current: quoteCurrent } = useTakenQuote(read.ok ? read.body : null);

  useEffect(() => {
    if (errors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .take-order__form-error')?.focus();
  }, [errors]);
  useEffect(() => {
    if (added) formRef.current?.querySelector<HTMLElement>(`[data-line="${added.key}"] select, [data-line="${added.key}"] input`)?.focus();
  }, [added]);

  function change(patch: Partial<TakeForm>) {
    setForm((was) => ({ ...was, ...patch }));
  }
  function changeLine(key: string, patch: Partial<TakeLine>) {
    setForm((was) => ({ ...was, lines: was.lines.map((line) => (line.key === key ? { ...line, ...patch } : line)) }));
  }

  async function lookUp() {
    if (lookup.isPending) return;
    let found: KnownCustomer;
    try {
      found = await lookup.mutateAsync(form.phone);
    } catch (error) {
      setKnown(null);
      await showFailure(error);
      return;
    }
    setKnown(found);
    change(knownDetails(found));
  }

  function addProduct(product: EditProduct) {
    // Its sizes, colors and stock are known: the line's selects need not ask again.
    queryClient.setQueryData(editProductQueryOptions(product._id).queryKey, product);
    newLines.current += 1;
    const key = `line-${newLines.current}`;
    const size = product.sizes.length === 1 ? product.sizes[0]! : '';
    const color = product.colors.length === 1 ? product.colors[0]! : '';
    setForm((was) => ({ ...was, lines: [...was.lines, { key, productId: product._id, title: product.title, titleBn: product.titleBn, size, color, quantity: '1' }] }));
    setAdded({ key, title: localized(lang, product.title, product.titleBn) });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (take.isPending) return;
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors(null);
    // The total the page showed goes along: a price changed meanwhile is refused, not taken.
    const shown = quoteCurrent && quote ? quote.total : undefined;
    let taken;
    try {
      taken = await take.mutateAsync({ body: { ...read.body, ...(shown === undefined ? {} : { amount: shown }) }, idempotencyKey: idempotencyKey.current });
    } catch (error) {
      const fresh = await freshTotalsOf(error);
      const Swal = await loadSwal();
      if (fresh) {
        await queryClient.invalidateQueries({ queryKey: ['orders', 'staff-quote'] });
        void Swal.fire({ icon: 'warning', titleText: t('takeOrder.changedTitle'), text: t('takeOrder.changedText', { total: formatMoney(fresh.amount, lang) }), confirmButtonText: t('takeOrder.ok') });
        return;
      }
      // Refused: the same request may be sent again once mended, as a new order.
      idempotencyKey.current = newIdempotencyKey();
      await showFailure(error, t('takeOrder.failed'));
      return;
    }
    const { order } = taken;
    const Swal = await loadSwal();
    void Swal.fire({
      icon: 'success',
      titleText: t('takeOrder.doneTitle', { number: formatDigits(order.orderNumber, lang) }),
      text: t('takeOrder.doneText', { total: formatMoney(order.amount, lang) }),
      confirmButtonText: t('takeOrder.ok'),
    });
    navigate(PAGES.order.link(order._id));
  }

  const fieldError = (field: TakeField) => {
    const id = errors?.fields[field];
    return id ? t(id) : undefined;
  };
  const maxGiven = quote?.maxGivenAway;

  return (
    <section className="dashboard-page take-order" aria-labelledby="take-order-title">
      <h1 id="take-order-title" className="page__title">
        {t('takeOrder.title')}
      </h1>
      <p className="page__lead">{t('takeOrder.lead')}</p>
      <form ref={formRef} className="form take-order__form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="order-edit__group">
          <legend className="order-edit__legend">{t('takeOrder.customer')}</legend>
          <div className="take-order__phone">
            <FormField label={t('takeOrder.phone')} id={FIELD_IDS.phone} hint={t('takeOrder.phoneHint')} error={fieldError('phone')} className="take-order__phone-field">
              {(control) => (
                <input
                  {...control}
                  name="phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  value={form.phone}
                  onChange={(event) => {
                    change({ phone: event.target.value });
                    setKnown(null);
                  }}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    void lookUp();
                  }}
                />
              )}
            </FormField>
            <button type="button" className="button button--secondary button--small take-order__look-up" onClick={() => void lookUp()} disabled={lookup.isPending}>
              {lookup.isPending ? t('takeOrder.lookingUp') : t('takeOrder.lookUp')}
            </button>
          </div>
          {known && <KnownLine known={known} t={t} lang={lang} />}
          <FormField label={t('takeOrder.name')} id={FIELD_IDS.name} error={fieldError('name')}>
            {(control) => <input {...control} name="name" type="text" autoComplete="off" maxLength={80} value={form.name} onChange={(event) => change({ name: event.target.value })} />}
          </FormField>
          <FormField label={t('takeOrder.address')} id={FIELD_IDS.address} error={fieldError('address')} controlClassName="form-field__textarea order-edit__address">
            {(control) => <textarea {...control} name="address" rows={2} maxLength={500} value={form.address} onChange={(event) => change({ address: event.target.value })} />}
          </FormField>
          <AreaFields
            ids={FIELD_IDS}
            errors={{ district: fieldError('district'), thana: fieldError('thana'), deliveryLocation: fieldError('deliveryLocation') }}
            areas={areas}
            district={form.district}
            onDistrictChange={(district) => change({ district, thana: '' })}
            thana={form.thana}
            onThanaChange={(thana) => change({ thana })}
            location={current.deliveryLocation}
            zoneTestId="take-order-zone"
          />
        </fieldset>

        <fieldset className="order-edit__group">
          <legend className="order-edit__legend">{t('takeOrder.items')}</legend>
          {form.lines.length === 0 ? (
            <p className="order-edit__muted">{t('takeOrder.noItems')}</p>
          ) : (
            <ul className="order-edit__lines">
              {form.lines.map((line) => (
                <LineRow
                  key={line.key}
                  line={line}
                  product={products.get(line.productId)}
                  error={errors?.lines[line.key]}
                  onChange={(patch) => changeLine(line.key, patch)}
                  onRemove={() => change({ lines: form.lines.filter((l) => l.key !== line.key) })}
                  t={t}
                  lang={lang}
                />
              ))}
            </ul>
          )}
          <p className="visually-hidden" role="status">
            {added ? t('takeOrder.added', { item: added.title }) : ''}
          </p>
          <ProductPicker onPick={addProduct} texts={{ add: t('takeOrder.add'), addHint: t('takeOrder.addHint'), searching: t('takeOrder.searching'), searchFailed: t('takeOrder.searchFailed'), noMatch: t('takeOrder.noMatch'), addThis: t('takeOrder.addThis') }} lang={lang} idPrefix="take-order" matchesTestId="take-order-matches" />
        </fieldset>

        <fieldset className="order-edit__group">
          <legend className="order-edit__legend">{t('takeOrder.order')}</legend>
          <FormField label={t('takeOrder.channel')} id={FIELD_IDS.channel} error={fieldError('channel')}>
            {(control) => (
              <select {...control} name="channel" value={form.channel} onChange={(event) => change({ channel: event.target.value as TakenChannel })}>
                {takenChannels.map((channel) => (
                  <option key={channel} value={channel}>
                    {t(CHANNELS[channel])}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('takeOrder.lang')} id="take-order-lang">
            {(control) => (
              <select {...control} name="lang" value={form.lang} onChange={(event) => change({ lang: event.target.value === 'bn' ? 'bn' : 'en' })}>
                <option value="bn">{t('takeOrder.lang.bn')}</option>
                <option value="en">{t('takeOrder.lang.en')}</option>
              </select>
            )}
          </FormField>
          <FormField label={t('takeOrder.coupon')} id="take-order-coupon" hint={t('takeOrder.couponHint')}>
            {(control) => <UppercaseInput {...control} name="coupon" autoComplete="off" maxLength={32} value={form.coupon} onValueChange={(coupon) => change({ coupon })} />}
          </FormField>
          <FormField
            label={t('takeOrder.discount')}
            id={FIELD_IDS.discount}
            hint={maxGiven === undefined ? undefined : t('takeOrder.discountHint', { max: formatMoney(maxGiven, lang) })}
            error={fieldError('discount')}
          >
            {(control) => <input {...control} name="discount" type="text" inputMode="numeric" autoComplete="off" value={form.discount} onChange={(event) => change({ discount: event.target.value })} />}
          </FormField>
          {form.discount.trim() !== '' && (
            <FormField label={t('takeOrder.discountReason')} id={FIELD_IDS.discountReason} error={fieldError('discountReason')}>
              {(control) => <input {...control} name="discountReason" type="text" maxLength={MAX_REASON} value={form.discountReason} onChange={(event) => change({ discountReason: event.target.value })} />}
            </FormField>
          )}
          <label className="take-order__check">
            <input type="checkbox" name="waiveFee" checked={form.waiveFee} onChange={(event) => change({ waiveFee: event.target.checked })} />
            {t('takeOrder.waive')}
          </label>
          {form.waiveFee && (
            <FormField label={t('takeOrder.waiveReason')} id={FIELD_IDS.waiveReason} error={fieldError('waiveReason')}>
              {(control) => <input {...control} name="waiveReason" type="text" maxLength={MAX_REASON} value={form.waiveReason} onChange={(event) => change({ waiveReason: event.target.value })} />}
            </FormField>
          )}
        </fieldset>

        <section className="order-edit__totals take-order__summary" aria-labelledby="take-order-summary-title" aria-live="polite" data-testid="take-order-summary">
          <h2 id="take-order-summary-title" className="order-edit__legend">
            {t('takeOrder.summary')}
          </h2>
          {!read.ok ? (
            <p className="order-edit__muted">{t('takeOrder.summaryPending')}</p>
          ) : quoteProblem ? (
            <p className="notice notice--error" data-testid="take-order-problem">
              {quoteProblem}
            </p>
          ) : quote ? (
            <>
              <dl className="totals">
                <div className="totals__row">
                  <dt>{t('takeOrder.subtotal')}</dt>
                  <dd>{formatMoney(quote.subtotal, lang)}</dd>
                </div>
                {quote.couponDiscount > 0 && (
                  <div className="totals__row">
                    <dt>{t('takeOrder.couponDiscount', { percent: formatNumber(quote.discountPercent, lang) })}</dt>
                    <dd>−{formatMoney(quote.couponDiscount, lang)}</dd>
                  </div>
                )}
                {quote.shopDiscount > 0 && (
                  <div className="totals__row">
                    <dt>{t('takeOrder.shopDiscount')}</dt>
                    <dd>−{formatMoney(quote.shopDiscount, lang)}</dd>
                  </div>
                )}
                <div className="totals__row">
                  <dt>{quote.feeWaived ? t('takeOrder.feeWaived') : t('takeOrder.fee')}</dt>
                  <dd>{formatMoney(quote.fee, lang)}</dd>
                </div>
                <div className="totals__row totals__row--total">
                  <dt>{t('takeOrder.total')}</dt>
                  <dd data-testid="take-order-total">{formatMoney(quote.total, lang)}</dd>
                </div>
              </dl>
              {quote.givenAway > 0 && <p className="order-edit__muted">{t('takeOrder.given', { given: formatMoney(quote.givenAway, lang), max: formatMoney(quote.maxGivenAway, lang) })}</p>}
              <p className="order-edit__muted">{quoteCurrent ? t('takeOrder.summaryFrom') : t('takeOrder.pricing')}</p>
            </>
          ) : (
            <p className="order-edit__muted">{t('takeOrder.pricing')}</p>
          )}
        </section>

        {errors?.form && (
          <p className="notice notice--error take-order__form-error" role="alert" tabIndex={-1}>
            {t(errors.form)}
          </p>
        )}
        <button type="submit" className="button button--primary form__submit" disabled={take.isPending}>
          {take.isPending ? t('takeOrder.submitting') : t('takeOrder.submit')}
        </button>
      </form>
    </section>
  );
}

/** What the shop knows of the phone looked up: its orders by outcome, or that it is new. */
function KnownLine({ known, t, lang }: { known: KnownCustomer; t: Translate<TakeOrderId>; lang: Lang }) {
  const h = known.history;
  return (
    <p className="notice take-order__known" role="status" data-testid="take-order-known">
      {h.placed === 0
        ? t('takeOrder.knownNew')
        : t('takeOrder.known', { placed: h.placed, delivered: formatNumber(h.delivered, lang), returned: formatNumber(h.returned, lang), canceledByShop: formatNumber(h.canceledByShop, lang) })}
      {known.customer?.claimed ? ` ${t('takeOrder.knownClaimed')}` : ''}
    </p>
  );
}

/** What a refused line's message is about. */
const errorKind = (error: TakeError | undefined) =>
  error === undefined ? undefined : error === 'takeOrder.error.size' ? 'size' : error === 'takeOrder.error.color' ? 'color' : error === 'takeOrder.error.duplicate' ? 'duplicate' : 'other';

type LineRowProps = {
  line: TakeLine;
  product: EditProduct | undefined;
  error: TakeError | undefined;
  onChange: (patch: Partial<TakeLine>) => void;
  onRemove: () => void;
  t: Translate<TakeOrderId>;
  lang: Lang;
};

/** One item: its product and price, size and color, quantity, the stock of the variant chosen, and Remove. */
function LineRow({ line, product, error, onChange, onRemove, t, lang }: LineRowProps) {
  const place = lineErrorPlace(errorKind(error), product);
  return (
    <VariantLineRow
      idPrefix="take-order"
      testIds={{ line: 'take-order-line', stock: 'take-order-stock' }}
      line={line}
      product={product}
      price={product ? t('takeOrder.each', { price: formatMoney(product.price, lang) }) : undefined}
      error={place && error ? { place, message: t(error) } : undefined}
      texts={{
        size: t('takeOrder.size'),
        color: t('takeOrder.color'),
        quantity: t('takeOrder.quantity'),
        remove: t('takeOrder.remove'),
        chooseSize: t('takeOrder.chooseSize'),
        chooseColor: t('takeOrder.chooseColor'),
        inStock: (count) => t('takeOrder.inStock', { count }),
        noStock: t('takeOrder.noStock'),
      }}
      onChange={onChange}
      onRemove={onRemove}
      lang={lang}
    />
  );
}
