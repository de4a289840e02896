import { useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LoadingStatus } from '../../../components/loading-status';
import { UppercaseInput } from '../../../components/uppercase-input';
import { useAuth } from '../../../lib/auth/use-auth';
import { loadSwal } from '../../../lib/dialog';
import { describeFailure, isSessionFailure } from '../../../lib/error-message';
import {
  DELIVERY_LOCATIONS,
  isDeliveryLocation,
  orderTotals,
  PAYMENT_METHODS,
  subtotalOf,
  type OrderTotals,
  type PaymentMethod,
} from '../../../lib/order-totals';
import { freshTotalsOf, newIdempotencyKey, usePlaceOrder, type FreshTotals, type PlaceOrderInput } from '../api/place-order';
import { CheckoutSummary, type CheckoutLine } from '../components/checkout-summary';
import { CHECKOUT_FIELDS, normalizePhone, validateCheckout, type CheckoutErrors, type CheckoutField } from '../checkout-rules';
import type { OrderNowItem } from '../order-now';

export type CheckoutCart = { status: 'pending' | 'error' | 'success'; lines: CheckoutLine[] };

type CheckoutPageProps = {
  /** Order Now: this one item is ordered and the cart is left alone. Null: the cart is ordered. */
  orderNow: OrderNowItem | null;
  /** The customer's cart (ignored for Order Now). */
  cart: CheckoutCart;
  /** The percentage of a coupon code; rejects for an unknown code (or any failure). */
  lookupCoupon: (code: string) => Promise<number>;
  /** The cart changed on the server (it was ordered) or may have (prices changed, a product is gone). */
  onCartChanged: () => void;
};

type AppliedCoupon = { code: string; percent: number };

/** The server's totals after a 409, valid while the inputs they were computed for stay the same. */
type FreshOverride = { totals: FreshTotals; location: string; coupon: string | null; subtotal: number };

const FIELD_IDS: Record<CheckoutField, string> = {
  name: 'checkout-name',
  phone: 'checkout-phone',
  address: 'checkout-address',
  deliveryLocation: 'checkout-location',
  paymentMethod: 'checkout-payment',
};

/** /dashboard/checkout: what is ordered, the delivery details, a coupon, and Place Order (cash on delivery). */
export function CheckoutPage({ orderNow, cart, lookupCoupon, onCartChanged }: CheckoutPageProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();

  const [location, setLocation] = useState('');
  const [payment, setPayment] = useState('');
  const [couponCode, setCouponCode] = useState('');
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [applying, setApplying] = useState(false);
  const [fresh, setFresh] = useState<FreshOverride | null>(null);
  // Order Now: the price the server gave after a "prices changed" refusal.
  const [orderNowPrice, setOrderNowPrice] = useState<number | null>(null);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [sending, setSending] = useState(false);
  // Guards the confirmation and the request against a second click (state updates are not immediate).
  const busy = useRef(false);
  // One key for this checkout attempt, kept across retries and second clicks; dropped after a definite refusal.
  const idempotencyKey = useRef<string | null>(null);

  const lines: CheckoutLine[] = orderNow
    ? [
        {
          key: 'order-now',
          title: orderNow.title,
          image: orderNow.image,
          size: orderNow.size,
          color: orderNow.color,
          quantity: orderNow.quantity,
          unitPrice: orderNowPrice ?? orderNow.unitPrice,
          price: (orderNowPrice ?? orderNow.unitPrice) * orderNow.quantity,
          available: true,
        },
      ]
    : cart.lines;

  const subtotal = subtotalOf(lines);
  const couponKey = applied?.code ?? null;
  const override = fresh && fresh.location === location && fresh.coupon === couponKey && fresh.subtotal === subtotal ? fresh : null;
  const totals: OrderTotals = override
    ? {
        subtotal: override.totals.subtotal,
        discountPercent: override.totals.discountPercent,
        discount: override.totals.discount,
        fee: override.totals.fee,
        total: override.totals.amount,
      }
    : orderTotals(subtotal, applied?.percent ?? 0, location);

  const unavailable = lines.some((line) => !line.available);

  function clearError(field: string) {
    if (field in errors) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)));
  }

  async function handlePaymentChange(event: ChangeEvent<HTMLSelectElement>) {
    const value = event.target.value;
    setPayment(value);
    clearError('paymentMethod');
    if (value === 'Cash On Delivery') {
      const Swal = await loadSwal();
      void Swal.fire({
        icon: 'info',
        title: 'Cash On Delivery',
        text: 'Please check your orders after some time to see that your order is confirmed.',
      });
    }
  }

  function handleCouponChange(value: string) {
    setCouponCode(value);
    // A code edited after Apply is not the applied one any more.
    setApplied(null);
  }

  async function handleApply() {
    const code = couponCode.trim();
    const Swal = await loadSwal();
    if (code === '') {
      void Swal.fire({
        icon: 'warning',
        title: 'Enter a coupon code first!',
        // Gone at once on close, no fade-out: while it fades, the dialog (named "...coupon code...") would
        // still answer to the field's label, "Coupon Code", for assistive technology and browser tests.
        hideClass: { popup: '' },
      });
      return;
    }
    setApplying(true);
    try {
      const percent = await lookupCoupon(code);
      setApplied({ code, percent });
    } catch (error) {
      setApplied(null);
      if (isSessionFailure(await describeFailure(error))) return;
      void Swal.fire({ icon: 'error', title: 'Invalid Coupon', text: 'Please enter a valid code.' });
    } finally {
      setApplying(false);
    }
  }

  function handleCouponKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter in the coupon field applies the code; it must not place the order.
    if (event.key === 'Enter') {
      event.preventDefault();
      void handleApply();
    }
  }

  async function handleRefusal(error: unknown) {
    const failure = await describeFailure(error);
    if (isSessionFailure(failure)) return;
    // A 4xx answer is a definite refusal: nothing was stored, so the next attempt may use a new key.
    // After a timeout or a 5xx the order may exist: the same key asks again without ordering twice.
    if (failure.status !== undefined && failure.status >= 400 && failure.status < 500) idempotencyKey.current = null;
    const Swal = await loadSwal();
    switch (failure.code) {
      case 'ordering/total-changed': {
        const totalsNow = await freshTotalsOf(error);
        if (totalsNow) {
          let shownSubtotal = subtotal;
          if (orderNow && totalsNow.subtotal % orderNow.quantity === 0) {
            setOrderNowPrice(totalsNow.subtotal / orderNow.quantity);
            shownSubtotal = totalsNow.subtotal;
          }
          if (applied && totalsNow.discountPercent !== applied.percent) setApplied({ ...applied, percent: totalsNow.discountPercent });
          setFresh({ totals: totalsNow, location, coupon: couponKey, subtotal: shownSubtotal });
        }
        if (!orderNow) onCartChanged();
        await Swal.fire({ icon: 'warning', title: 'Prices changed', text: failure.message });
        return;
      }
      case 'ordering/coupon-invalid':
        setApplied(null);
        await Swal.fire({ icon: 'error', title: 'Invalid Coupon', text: 'Please enter a valid code.' });
        return;
      case 'ordering/cart-empty':
      case 'ordering/product-unavailable':
        if (!orderNow) onCartChanged();
        await Swal.fire({ icon: 'error', title: 'Error', text: failure.message });
        return;
      default:
        await Swal.fire({ icon: 'error', title: 'Error', text: failure.message });
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current || unavailable || lines.length === 0) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const fields = {
      name: String(data.get('name') ?? ''),
      phone: String(data.get('phone') ?? ''),
      address: String(data.get('address') ?? ''),
      deliveryLocation: location,
      paymentMethod: payment,
    };
    const found = validateCheckout(fields);
    setErrors(found);
    const firstInvalid = CHECKOUT_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(FIELD_IDS[firstInvalid])?.focus();
      return;
    }
    if (!isDeliveryLocation(fields.deliveryLocation)) return;

    busy.current = true;
    try {
      const Swal = await loadSwal();
      const { isConfirmed } = await Swal.fire({
        icon: 'question',
        title: 'Confirm Placing the order?',
        text: 'If confirm, please wait till confirmation alert.',
        showCancelButton: true,
        confirmButtonText: 'Yes, place it!',
      });
      if (!isConfirmed) return;

      const input: PlaceOrderInput = {
        name: fields.name.trim(),
        phone: normalizePhone(fields.phone),
        address: fields.address.trim(),
        deliveryLocation: fields.deliveryLocation,
        paymentMethod: fields.paymentMethod as PaymentMethod,
        amount: totals.total,
        ...(applied ? { appliedCoupon: applied.code } : {}),
        ...(orderNow
          ? { items: [{ productId: orderNow.productId, size: orderNow.size, color: orderNow.color, quantity: orderNow.quantity }] }
          : {}),
      };
      idempotencyKey.current ??= newIdempotencyKey();
      setSending(true);
      try {
        await placeOrder.mutateAsync({ input, idempotencyKey: idempotencyKey.current });
      } catch (error) {
        await handleRefusal(error);
        return;
      }
      // Leave first, so the emptied cart never shows here; then refresh the cart (navbar count, cart page).
      await navigate('/dashboard/orders', { replace: true });
      if (!orderNow) onCartChanged();
      void Swal.fire({
        icon: 'success',
        title: 'Order Placed',
        text: 'Thank you! Your order is Pending until the shop confirms it.',
      });
    } finally {
      busy.current = false;
      setSending(false);
    }
  }

  const title = (
    <h1 id="checkout-title" className="page__title">
      Checkout
    </h1>
  );

  if (!orderNow && cart.status !== 'success') {
    return (
      <section className="dashboard-page" aria-labelledby="checkout-title">
        {title}
        {cart.status === 'pending' ? (
          <LoadingStatus label="Loading your cart..." />
        ) : (
          <p className="notice notice--error" role="alert">
            Failed to load your cart
          </p>
        )}
      </section>
    );
  }

  if (lines.length === 0) {
    return (
      <section className="dashboard-page" aria-labelledby="checkout-title">
        {title}
        <p className="notice">
          <span data-testid="empty-state">Your cart is empty.</span> <Link to="/allproductandcategories">Browse the products</Link>.
        </p>
      </section>
    );
  }

  const describedBy = (field: CheckoutField, hint?: string) =>
    [hint, errors[field] ? `${FIELD_IDS[field]}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const errorText = (field: CheckoutField) =>
    errors[field] ? (
      <p id={`${FIELD_IDS[field]}-error`} className="form-field__error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <section className="dashboard-page" aria-labelledby="checkout-title">
      {title}
      {orderNow ? (
        <p className="page__lead">Order Now: only this product is ordered; your cart stays as it is.</p>
      ) : (
        <p className="page__lead">Everything in your cart is ordered. Payment is cash on delivery.</p>
      )}
      {unavailable && (
        <p className="notice notice--error checkout__notice" role="alert">
          A product in your cart is no longer available. Please remove it from your cart first:{' '}
          <Link to="/dashboard/cart">go to My Cart</Link>.
        </p>
      )}
      <div className="checkout">
        <CheckoutSummary lines={lines} totals={totals} defaultFee={location === ''} />

        <form
          className="form checkout__form"
          aria-labelledby="checkout-form-title"
          onSubmit={(event) => void handleSubmit(event)}
          onChange={(event) => {
            const { target } = event;
            if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) clearError(target.name);
          }}
        >
          <h2 id="checkout-form-title" className="checkout-summary__title">
            Delivery Details
          </h2>
          <div className="form-field">
            <label className="form-field__label" htmlFor={FIELD_IDS.name}>
              Full Name
            </label>
            <input
              id={FIELD_IDS.name}
              name="name"
              type="text"
              autoComplete="name"
              defaultValue={user?.name ?? ''}
              className="form-field__input"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
              required
            />
            {errorText('name')}
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={FIELD_IDS.phone}>
              Phone Number
            </label>
            <input
              id={FIELD_IDS.phone}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              className="form-field__input"
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={describedBy('phone', 'checkout-phone-hint')}
              required
            />
            <p id="checkout-phone-hint" className="form-field__hint">
              Bangladeshi mobile number, e.g. 01712345678
            </p>
            {errorText('phone')}
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={FIELD_IDS.address}>
              Address
            </label>
            <textarea
              id={FIELD_IDS.address}
              name="address"
              autoComplete="street-address"
              rows={3}
              className="form-field__input form-field__textarea"
              aria-invalid={errors.address ? true : undefined}
              aria-describedby={describedBy('address')}
              required
            />
            {errorText('address')}
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={FIELD_IDS.deliveryLocation}>
              Delivery Location
            </label>
            <select
              id={FIELD_IDS.deliveryLocation}
              name="deliveryLocation"
              className="form-field__input"
              value={location}
              onChange={(event) => setLocation(event.target.value)}
              aria-invalid={errors.deliveryLocation ? true : undefined}
              aria-describedby={describedBy('deliveryLocation')}
              required
            >
              <option value="">Select a delivery location</option>
              {DELIVERY_LOCATIONS.map(({ value, fee }) => (
                <option key={value} value={value}>
                  {value} ({fee} BDT)
                </option>
              ))}
            </select>
            {errorText('deliveryLocation')}
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={FIELD_IDS.paymentMethod}>
              Payment Method
            </label>
            <select
              id={FIELD_IDS.paymentMethod}
              name="paymentMethod"
              className="form-field__input"
              value={payment}
              onChange={(event) => void handlePaymentChange(event)}
              aria-invalid={errors.paymentMethod ? true : undefined}
              aria-describedby={describedBy('paymentMethod')}
              required
            >
              <option value="">Select a payment method</option>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </select>
            {errorText('paymentMethod')}
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor="checkout-coupon">
              Coupon Code
            </label>
            <div className="coupon-field">
              <UppercaseInput
                id="checkout-coupon"
                name="coupon"
                className="form-field__input"
                value={couponCode}
                onValueChange={handleCouponChange}
                onKeyDown={handleCouponKeyDown}
                maxLength={32}
                aria-describedby="checkout-coupon-status"
              />
              <button type="button" className="button button--secondary" disabled={applying} onClick={() => void handleApply()}>
                Apply
              </button>
            </div>
            <p id="checkout-coupon-status" className="form-field__hint" role="status" data-testid="coupon-status">
              {applied ? `Coupon ${applied.code} applied: ${applied.percent}% off the products.` : 'Optional.'}
            </p>
          </div>
          <button type="submit" className="button button--primary form__submit" disabled={sending || unavailable}>
            {sending ? 'Placing order…' : 'Place Order'}
          </button>
        </form>
      </div>
    </section>
  );
}
