import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginRedirectState } from '../../../lib/auth/auth-provider';
import { useAuth } from '../../../lib/auth/use-auth';
import { loadSwal } from '../../../lib/dialog';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { availableFor, stockLevel, totalStock, variantToTake } from '../../../../../src/shared/stock';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { localizedLabel } from '../../../lib/i18n/localized';
import { siteConfigQueryOptions } from '../../../lib/site-config';
import { productQueryOptions, type Product } from '../api/get-product';
import { productMessages } from '../messages/product';
import { purchaseStep, type PurchaseHandler, type PurchaseRequest } from '../purchase';
import { PAGES } from '../../../app/routes';

type PurchaseFormProps = {
  product: Product;
  onPurchase: PurchaseHandler;
};

/** The first variant with stock, as a choice ('' for a dimension the product has not, or when all is sold out). */
function firstChoice(product: Product): { size: string; color: string } {
  const first = variantToTake(product.variants, '', '', 1);
  return { size: first?.size ?? '', color: first?.color ?? '' };
}

/** The cart takes at most this many of one line (the server refuses more). */
const MAX_QUANTITY = 99;

/**
 * Size, color and quantity, with Add to Cart and Order Now; a visitor is sent to log in first (but
 * for Order Now in a shop that takes guest orders, issue 36).
 * Shows the stock of the current choice (an open size or color counts its best variant, as the
 * server does) and disables the sizes and colors sold out for the rest of the choice.
 */
export function PurchaseForm({ product, onPurchase }: PurchaseFormProps) {
  const t = useT(productMessages);
  const lang = useLanguage();
  const { user, loading } = useAuth();
  // On a full page load the session of an earlier visit is still being restored: a signed-in
  // shopper pressing a button then must not be sent to log in, so the buttons wait for it.
  const restoring = loading && !user;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // GUEST_CHECKOUT (issue 36), from /api/config (cached since the app started); unknown yet counts as off.
  const { data: config } = useQuery(siteConfigQueryOptions());
  const [busy, setBusy] = useState(false);
  // Preselected (issue 33): the variant an order with nothing chosen would take, the first in
  // stock (the server's rule, src/shared/stock.ts), so the shopper sees what will be sent.
  const [size, setSize] = useState(() => firstChoice(product).size);
  const [color, setColor] = useState(() => firstChoice(product).color);
  const id = product._id;
  // A related product's link keeps this form mounted: another product starts from its own choice.
  const [choiceOf, setChoiceOf] = useState(id);
  if (choiceOf !== id) {
    const first = firstChoice(product);
    setChoiceOf(id);
    setSize(first.size);
    setColor(first.color);
  }
  const soldOut = totalStock(product.variants) === 0;
  const available = availableFor(product.variants, size, color);
  const level = stockLevel(available);
  // src/shared/stock.ts stockText's words, in the language shown.
  const stock =
    soldOut || level.kind === 'sold-out'
      ? t('product.soldOut')
      : level.kind === 'low'
        ? t('product.onlyLeft', { count: formatNumber(level.left, lang) })
        : t('product.inStock');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Both buttons submit, so the browser checks the quantity for either; the pressed one says which.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent: PurchaseRequest['intent'] =
      submitter instanceof HTMLButtonElement && submitter.value === 'order-now' ? 'order-now' : 'add-to-cart';

    if (restoring) return;
    const step = purchaseStep(intent, Boolean(user), config?.guestCheckout === true);
    if (step === 'log-in') {
      const state: LoginRedirectState = { from: { pathname: location.pathname, search: location.search } };
      // The dialog stays up over the login page; no need to wait for it to close.
      void loadSwal().then((Swal) =>
        Swal.fire({ icon: 'warning', title: t('product.loginTitle'), text: t('product.loginText') }),
      );
      await navigate(PAGES.login.link(), { state });
      return;
    }

    const form = new FormData(event.currentTarget);
    const request: PurchaseRequest = {
      intent,
      product,
      size,
      color,
      quantity: Number.parseInt(String(form.get('quantity') ?? '1'), 10),
      ...(step === 'guest-order' ? { guest: true } : {}),
    };
    setBusy(true);
    try {
      await onPurchase(request);
    } finally {
      setBusy(false);
      // The stock may have moved (a 409 says so): show what is left now.
      if (intent === 'add-to-cart') void queryClient.invalidateQueries({ queryKey: productQueryOptions(id).queryKey });
    }
  }

  /** "M" or "M (sold out)" when nothing is left of it with the rest of the choice. */
  const option = (value: string, name: string, left: number) => (
    <option key={value} value={value} disabled={left === 0}>
      {left === 0 ? t('product.optionSoldOut', { option: name }) : name}
    </option>
  );

  return (
    <form className="form purchase-form" aria-label={t('product.buy')} onSubmit={(event) => void handleSubmit(event)}>
      <div className="purchase-form__fields">
        {product.sizes.length > 0 && (
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-size`}>
              {t('product.size')}
            </label>
            <select id={`${id}-size`} name="size" className="form-field__input" value={size} onChange={(event) => setSize(event.target.value)}>
              <option value="">{t('product.chooseSize')}</option>
              {product.sizes.map((s) => option(s, localizedLabel(lang, product.sizes, product.sizesBn, s), availableFor(product.variants, s, color)))}
            </select>
          </div>
        )}
        {product.colors.length > 0 && (
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-color`}>
              {t('product.color')}
            </label>
            <select id={`${id}-color`} name="color" className="form-field__input" value={color} onChange={(event) => setColor(event.target.value)}>
              <option value="">{t('product.chooseColor')}</option>
              {product.colors.map((c) => option(c, localizedLabel(lang, product.colors, product.colorsBn, c), availableFor(product.variants, size, c)))}
            </select>
          </div>
        )}
        <div className="form-field purchase-form__quantity">
          <label className="form-field__label" htmlFor={`${id}-quantity`}>
            {t('product.quantity')}
          </label>
          <input
            id={`${id}-quantity`}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, Math.min(MAX_QUANTITY, available))}
            step={1}
            defaultValue={1}
            required
            disabled={available === 0}
            className="form-field__input"
          />
        </div>
      </div>
      <p className={`purchase-form__stock purchase-form__stock--${level.kind}`} data-testid="stock" role="status">
        {stock}
      </p>
      <div className="purchase-form__actions">
        <button type="submit" name="intent" value="add-to-cart" className="button button--primary" disabled={busy || restoring || available === 0}>
          {t('product.addToCart')}
        </button>
        <button type="submit" name="intent" value="order-now" className="button button--accent" disabled={busy || restoring || available === 0}>
          {t('product.orderNow')}
        </button>
      </div>
    </form>
  );
}
