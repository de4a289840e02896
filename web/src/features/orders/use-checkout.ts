import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadSwal } from '../../lib/dialog';
import { describeFailure, isSessionFailure } from '../../lib/error-message';
import { isDeliveryZone, subtotalOf } from '../../../../src/shared/money';
import { compactPhone, normalizeBdMobile } from '../../../../src/shared/phone';
import { useCheckoutAdvance, type AdvanceAsked } from './api/get-checkout-advance';
import { freshTotalsOf, newIdempotencyKey, usePlaceOrder, type FreshTotals, type PlaceOrderAnswer, type PlaceOrderInput } from './api/place-order';
import { usePlaceGuestOrder } from './api/place-guest-order';
import { guestOrderInput, trackLink, type OrderDelivery } from './guest-order';
import { CHECKOUT_FIELDS, checkoutTotals, validateCheckout, zoneOfThana, type AreaList, type CheckoutErrors, type CheckoutTotals, type PaymentMethod } from './checkout-rules';
import type { CheckoutLine } from './components/checkout-summary';
import type { AppliedCoupon } from './components/coupon-box';
import { CHECKOUT_FIELD_IDS } from './components/delivery-details';
import type { OrderNowItem } from './order-now';
import { formatDigits, formatMoney } from '../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../lib/i18n/i18n';
import { checkoutMessages } from './messages/checkout';
import { PAGES } from '../../app/routes';

/** The server's totals after a 409, valid while the inputs they were computed for stay the same. */
type FreshOverride = { totals: FreshTotals; location: string; coupon: string | null; subtotal: number };

type CheckoutInput = {
  /** Order Now: this one item is ordered and the cart is left alone. Null: the cart's lines are ordered. */
  orderNow: OrderNowItem | null;
  cartLines: CheckoutLine[];
  /** The percentage of a coupon code; rejects for an unknown code (or any failure). */
  /** The coupon's percentage for an order of `subtotal` taka, or a rejection (unknown, expired, below its minimum, used up, rate limit). */
  lookupCoupon: (code: string, subtotal: number) => Promise<number>;
  /** The cart changed on the server (it was ordered) or may have (prices changed, a product is gone). */
  onCartChanged: () => void;
  /** The shop asks for a phone code (CHECKOUT_OTP): whether a number is confirmed, a visitor's proof of it, and forgetting it after a refusal. */
  phoneCheck?: { isConfirmed: (phone: string) => boolean; proofFor: (phone: string) => string | undefined; forget: () => void };
  /**
   * Guest checkout (GUEST_CHECKOUT, issue 36): a visitor orders the Order Now item without an account,
   * through POST /api/guest/orders; no coupon and no advance asked (both need an account).
   */
  guest?: boolean;
  /** The districts and their thanas (GET /api/areas) once here: the zone follows from the thana chosen. */
  areas: AreaList | undefined;
};

/** Where the shopper goes to confirm the number: Send code, or the Code field once sent. */
function focusPhoneCode() {
  document.querySelector<HTMLElement>('#checkout-phone-code, .phone-code button:not(:disabled)')?.focus();
}

/**
 * The Order Placed dialog's text: the number to quote, on a line of its own, then the lines that follow
 * (built as text, never parsed as HTML); a line given as an element (a link) is taken as it is.
 */
function placedText(numberText: string, ...lines: Array<string | HTMLElement>): HTMLElement {
  const text = document.createElement('div');
  const number = document.createElement('p');
  number.className = 'order-placed__number';
  number.textContent = numberText;
  text.append(number);
  for (const line of lines) {
    if (typeof line === 'string') {
      const next = document.createElement('p');
      next.textContent = line;
      text.append(next);
    } else text.append(line);
  }
  return text;
}

/** validateCheckout's English messages, by the id of each in the language shown. */
const ERROR_IDS = {
  'Please enter your full name.': 'checkout.error.name',
  'Please enter your phone number.': 'checkout.error.phone',
  'Please enter a Bangladeshi mobile number, e.g. 01712345678.': 'checkout.error.mobile',
  'Please enter your address.': 'checkout.error.address',
  'Please select your district.': 'checkout.error.district',
  'Please select your thana or upazila.': 'checkout.error.thana',
  'Please select a delivery location.': 'checkout.error.location',
  'Please select a payment method.': 'checkout.error.payment',
} as const;

/** The field errors in the language shown (an English message without an id stays as it is). */
function translatedErrors(errors: CheckoutErrors, t: (id: (typeof ERROR_IDS)[keyof typeof ERROR_IDS]) => string): CheckoutErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, message in ERROR_IDS ? t(ERROR_IDS[message as keyof typeof ERROR_IDS]) : message]),
  );
}

/**
 * The checkout's state and its rules: what is ordered and its totals (the server's, after it refused
 * stale ones), the coupon, the field errors, and Place Order: validate, confirm, send once with an
 * idempotency key, explain a refusal, or leave for My Orders.
 */
export function useCheckout({ orderNow, cartLines, lookupCoupon, onCartChanged, phoneCheck, areas, guest = false }: CheckoutInput) {
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const placeGuestOrder = usePlaceGuestOrder();
  const t = useT(checkoutMessages);
  const lang = useLanguage();

  const [district, setDistrict] = useState('');
  const [thana, setThana] = useState('');
  // The zone follows from the thana (issue 34): '' until one is chosen.
  const location = zoneOfThana(areas, district, thana);
  const [payment, setPayment] = useState('');
  // The phone as typed (the field is not controlled): the advance asked depends on it.
  const [phone, setPhone] = useState('');
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
  // The cash-on-delivery note, until its fade-out ends: a dialog opened while sweetalert2 still
  // closes another is taken away with it, so the order's confirmation waits (a busy phone, a quick
  // tap on Place Order right after OK, left the order's dialog unseen and the form stuck).
  const codDialogClosed = useRef<Promise<void> | null>(null);
  // One key for this checkout attempt, kept across retries and second clicks; dropped after a definite refusal.
  const idempotencyKey = useRef<string | null>(null);
  // Sent to bKash: the page is being left, so it stays busy (no second order meanwhile).
  const leaving = useRef(false);
  // Back from bKash's page to this one as the browser kept it (back-forward cache): usable again.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (!event.persisted || !leaving.current) return;
      leaving.current = false;
      busy.current = false;
      setSending(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  const lines: CheckoutLine[] = orderNow
    ? [
        {
          key: 'order-now',
          title: orderNow.title,
          image: orderNow.image,
          size: orderNow.size,
          color: orderNow.color,
          sizeLabel: orderNow.sizeLabel ?? orderNow.size,
          colorLabel: orderNow.colorLabel ?? orderNow.color,
          quantity: orderNow.quantity,
          unitPrice: orderNowPrice ?? orderNow.unitPrice,
          price: (orderNowPrice ?? orderNow.unitPrice) * orderNow.quantity,
          available: true,
        },
      ]
    : cartLines;

  const subtotal = subtotalOf(lines);
  const couponKey = applied?.code ?? null;
  const override = fresh && fresh.location === location && fresh.coupon === couponKey && fresh.subtotal === subtotal ? fresh : null;
  const totals: CheckoutTotals = override
    ? {
        subtotal: override.totals.subtotal,
        discountPercent: override.totals.discountPercent,
        discount: override.totals.discount,
        fee: override.totals.fee,
        total: override.totals.amount,
      }
    : checkoutTotals(lines, applied?.percent ?? 0, location);

  const unavailable = lines.some((line) => !line.available);

  // The advance by bKash the order would ask (issue 35), once the phone and the zone are valid.
  const mobile = normalizeBdMobile(phone);
  const asked: AdvanceAsked | null =
    mobile && isDeliveryZone(location) && lines.length > 0
      ? { phone: mobile.replace(/^\+88/, ''), subtotal: totals.subtotal, discount: totals.discount, deliveryLocation: location }
      : null;
  // Never for a visitor: GET /api/checkout/advance needs a session (and its 401 would send them to log
  // in); a guest order that would ask an advance is refused, with words that say to log in.
  const { quote: advanceQuote, checking: checkingAdvance } = useCheckoutAdvance(guest ? null : asked, lang);
  const advance = advanceQuote?.advance ?? null;

  function clearError(...fields: string[]) {
    if (fields.some((field) => field in errors)) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !fields.includes(key))));
  }

  /** Another district: its thanas are others, so the thana (and the zone) are chosen again. */
  function chooseDistrict(value: string) {
    setDistrict(value);
    setThana('');
    clearError('district', 'deliveryLocation');
  }

  function chooseThana(value: string) {
    setThana(value);
    clearError('thana', 'deliveryLocation');
  }

  async function changePayment(event: ChangeEvent<HTMLSelectElement>) {
    const value = event.target.value;
    setPayment(value);
    clearError('paymentMethod');
    if (value === 'Cash On Delivery') {
      const Swal = await loadSwal();
      codDialogClosed.current = new Promise<void>((resolve) => {
        void Swal.fire({
          icon: 'info',
          title: t('checkout.cod'),
          text: t('checkout.codText'),
          didClose: () => resolve(),
          // Taken away by another dialog instead of closed: gone all the same.
          didDestroy: () => resolve(),
        });
      });
    }
  }

  function changeCouponCode(value: string) {
    setCouponCode(value);
    // A code edited after Apply is not the applied one any more.
    setApplied(null);
  }

  async function applyCoupon() {
    const code = couponCode.trim();
    const Swal = await loadSwal();
    if (code === '') {
      void Swal.fire({
        icon: 'warning',
        title: t('checkout.enterCoupon'),
        // Gone at once on close, no fade-out: while it fades, the dialog (named "...coupon code...") would
        // still answer to the field's label, "Coupon Code", for assistive technology and browser tests.
        hideClass: { popup: '' },
      });
      return;
    }
    setApplying(true);
    try {
      const percent = await lookupCoupon(code, subtotal);
      setApplied({ code, percent });
    } catch (error) {
      setApplied(null);
      const failure = await describeFailure(error);
      if (isSessionFailure(failure)) return;
      // A coupon that exists but does not work now says why (issue 33); any other failure is "invalid".
      void Swal.fire({ icon: 'error', title: t('checkout.invalidCoupon'), text: isCouponRuleRefusal(failure.code) ? failure.message : t('checkout.validCode') });
    } finally {
      setApplying(false);
    }
  }

  async function explainRefusal(error: unknown) {
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
        await Swal.fire({ icon: 'warning', title: t('checkout.pricesChanged'), text: failure.message });
        return;
      }
      case 'promotions/coupon-expired':
      case 'promotions/coupon-below-minimum':
      case 'promotions/coupon-used-up':
        setApplied(null);
        await Swal.fire({ icon: 'error', title: t('checkout.invalidCoupon'), text: failure.message });
        return;
      case 'ordering/coupon-invalid':
        setApplied(null);
        await Swal.fire({ icon: 'error', title: t('checkout.invalidCoupon'), text: t('checkout.validCode') });
        return;
      case 'ordering/out-of-stock':
        // The cart shows each line's stock: read it again for the way back to the cart.
        if (!orderNow) onCartChanged();
        await Swal.fire({ icon: 'error', title: t('checkout.outOfStock'), text: failure.message });
        return;
      case 'ordering/phone-not-verified':
        phoneCheck?.forget();
        await Swal.fire({ icon: 'warning', title: t('checkout.confirmPhone'), text: failure.message });
        focusPhoneCode();
        return;
      case 'ordering/cart-empty':
      case 'ordering/product-unavailable':
        if (!orderNow) onCartChanged();
        await Swal.fire({ icon: 'error', title: t('checkout.error'), text: failure.message });
        return;
      default:
        await Swal.fire({ icon: 'error', title: t('checkout.error'), text: failure.message });
    }
  }

  /**
   * A visitor's order (issue 36): sent with the phone code's proof, then the home page and the Order
   * Placed dialog, which says that an SMS confirms it and that /track finds it by number and phone
   * (the visitor has no My Orders to look in).
   */
  async function placeAsGuest(Swal: Awaited<ReturnType<typeof loadSwal>>, delivery: OrderDelivery, item: OrderNowItem, key: string) {
    let orderNumber: number;
    try {
      ({ orderNumber } = (await placeGuestOrder.mutateAsync({ input: guestOrderInput(delivery, item, phoneCheck?.proofFor(delivery.phone)), idempotencyKey: key })).order);
    } catch (error) {
      await explainRefusal(error);
      return;
    }
    await navigate(PAGES.home.link(), { replace: true });
    const track = document.createElement('p');
    const link = document.createElement('a');
    link.href = trackLink(PAGES.track.link(), orderNumber);
    link.textContent = t('checkout.guest.trackLink');
    // The app's own navigation, not a page load: the dialog closes and the track page opens.
    link.addEventListener('click', (event) => {
      event.preventDefault();
      Swal.close();
      void navigate(link.pathname + link.search);
    });
    track.append(t('checkout.guest.track'), ' ', link);
    void Swal.fire({
      icon: 'success',
      title: t('checkout.placed'),
      html: placedText(t('checkout.orderNumber', { number: formatDigits(orderNumber, lang) }), t('checkout.guest.sms', { phone: formatDigits(delivery.phone, lang) }), track),
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current || unavailable || lines.length === 0) return;
    const data = new FormData(event.currentTarget);
    const fields = {
      name: String(data.get('name') ?? ''),
      phone: String(data.get('phone') ?? ''),
      address: String(data.get('address') ?? ''),
      district,
      thana,
      deliveryLocation: location,
      paymentMethod: payment,
    };
    const found = translatedErrors(validateCheckout(fields), t);
    setErrors(found);
    const firstInvalid = CHECKOUT_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(CHECKOUT_FIELD_IDS[firstInvalid])?.focus();
      return;
    }
    if (!isDeliveryZone(fields.deliveryLocation)) return;

    busy.current = true;
    try {
      const Swal = await loadSwal();
      if (codDialogClosed.current) {
        // At most 10 s, a net only: didClose or didDestroy always comes, but a fade-out on a busy
        // phone took over 3 s (the CI's guest checkout lost its dialog after a 3 s wait).
        await Promise.race([codDialogClosed.current, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        codDialogClosed.current = null;
      }
      if (phoneCheck && !phoneCheck.isConfirmed(fields.phone)) {
        await Swal.fire({ icon: 'warning', title: t('checkout.confirmPhone'), text: t('checkout.phoneNotConfirmed') });
        focusPhoneCode();
        return;
      }
      const { isConfirmed } = await Swal.fire({
        icon: 'question',
        title: t('checkout.confirmTitle'),
        text: advance ? t('checkout.confirmAdvanceText', { amount: formatMoney(advance.amount, lang) }) : t('checkout.confirmText'),
        showCancelButton: true,
        confirmButtonText: advance ? t('checkout.confirmAdvanceButton') : t('checkout.confirmButton'),
        cancelButtonText: t('checkout.cancel'),
      });
      if (!isConfirmed) return;

      const delivery: OrderDelivery = {
        name: fields.name.trim(),
        phone: compactPhone(fields.phone),
        address: fields.address.trim(),
        district: fields.district,
        thana: fields.thana,
        deliveryLocation: fields.deliveryLocation,
        paymentMethod: fields.paymentMethod as PaymentMethod,
        amount: totals.total,
      };
      idempotencyKey.current ??= newIdempotencyKey();
      setSending(true);
      if (guest) {
        if (orderNow) await placeAsGuest(Swal, delivery, orderNow, idempotencyKey.current);
        return;
      }
      const input: PlaceOrderInput = {
        ...delivery,
        ...(applied ? { appliedCoupon: applied.code } : {}),
        ...(orderNow
          ? { items: [{ productId: orderNow.productId, size: orderNow.size, color: orderNow.color, quantity: orderNow.quantity }] }
          : {}),
      };
      let placed: PlaceOrderAnswer;
      try {
        placed = await placeOrder.mutateAsync({ input, idempotencyKey: idempotencyKey.current });
      } catch (error) {
        await explainRefusal(error);
        return;
      }
      if ('payment' in placed) {
        // 202 (issue 35): the order waits for its advance. Off to bKash's page (or the shop's own pay
        // page when bKash did not answer); the button stays busy until the browser leaves.
        if (!orderNow) onCartChanged();
        leaving.current = true;
        window.location.assign(placed.payment.redirectUrl);
        return;
      }
      const { orderNumber } = placed.order;
      // Leave first, so the emptied cart never shows here; then refresh the cart (navbar count, cart page).
      await navigate(PAGES.myOrders.link(), { replace: true });
      if (!orderNow) onCartChanged();
      void Swal.fire({
        icon: 'success',
        title: t('checkout.placed'),
        html: placedText(t('checkout.orderNumber', { number: formatDigits(orderNumber, lang) }), t('checkout.thanks')),
      });
    } finally {
      if (!leaving.current) {
        busy.current = false;
        setSending(false);
      }
    }
  }

  return {
    lines,
    totals,
    unavailable,
    errors,
    clearError,
    district,
    chooseDistrict,
    thana,
    chooseThana,
    location,
    changePhone: setPhone,
    advance: { quote: advanceQuote, checking: checkingAdvance },
    payment,
    changePayment,
    coupon: { code: couponCode, applied, applying, changeCode: changeCouponCode, apply: applyCoupon },
    sending,
    submit,
  };
}

/** The coupon's own rules refused it (issue 33): its message names the reason (the minimum order, say). */
const isCouponRuleRefusal = (code: string | undefined) =>
  code === 'promotions/coupon-expired' || code === 'promotions/coupon-below-minimum' || code === 'promotions/coupon-used-up';
