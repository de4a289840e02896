import { Link } from 'react-router-dom';
import { LoadingStatus } from '../../../components/loading-status';
import type { LoginRedirectState } from '../../../lib/auth/auth-provider';
import { useAuth } from '../../../lib/auth/use-auth';
import { AdvanceBox } from '../components/advance-box';
import { CheckoutSummary, type CheckoutLine } from '../components/checkout-summary';
import { CouponBox } from '../components/coupon-box';
import { DeliveryDetails, type AreasState } from '../components/delivery-details';
import { PhoneCode } from '../components/phone-code';
import type { OrderNowItem } from '../order-now';
import { useAreas } from '../api/get-areas';
import { useCheckout } from '../use-checkout';
import { usePhoneCode } from '../use-phone-code';
import { useT } from '../../../lib/i18n/i18n';
import { checkoutMessages } from '../messages/checkout';
import { PAGES } from '../../../app/routes';

export type CheckoutCart = { status: 'pending' | 'error' | 'success'; lines: CheckoutLine[] };

type CheckoutPageProps = {
  /** Order Now: this one item is ordered and the cart is left alone. Null: the cart is ordered. */
  orderNow: OrderNowItem | null;
  /** The shop asks for a code sent by SMS to the phone number before an order counts (CHECKOUT_OTP). */
  checkoutOtp: boolean;
} & (
  | {
      guest?: false;
      /** The customer's cart (ignored for Order Now). */
      cart: CheckoutCart;
      /** The percentage of a coupon code; rejects for an unknown code (or any failure). */
      lookupCoupon: (code: string, subtotal: number) => Promise<number>;
      /** The cart changed on the server (it was ordered) or may have (prices changed, a product is gone). */
      onCartChanged: () => void;
    }
  | {
      /**
       * Guest checkout (GUEST_CHECKOUT, issue 36), at /checkout: a visitor orders the Order Now item
       * without an account. No cart, no coupon (a line says to log in for one), no advance asked.
       */
      guest: true;
    }
);

/** A visitor has neither a cart nor a coupon: what the checkout's hook asks of them is never called. */
const NO_CART: CheckoutCart = { status: 'success', lines: [] };
const noCoupon = () => Promise.reject(new Error('A coupon needs an account'));
const nothing = () => undefined;

/**
 * /dashboard/checkout: what is ordered, the delivery details, a coupon, the advance by bKash when one
 * is asked (issue 35), and Place Order (cash on delivery). With `guest`, /checkout: the same page for
 * a visitor's Order Now, without the parts that need an account.
 */
export function CheckoutPage(props: CheckoutPageProps) {
  const { orderNow, checkoutOtp } = props;
  const { cart, lookupCoupon, onCartChanged } = props.guest ? { cart: NO_CART, lookupCoupon: noCoupon, onCartChanged: nothing } : props;
  const guest = props.guest === true;
  const { user } = useAuth();
  const t = useT(checkoutMessages);
  const phoneCode = usePhoneCode(checkoutOtp, { guest });
  const areasQuery = useAreas();
  const areas: AreasState =
    areasQuery.status === 'success'
      ? { status: 'success', list: areasQuery.data }
      : areasQuery.status === 'error'
        ? { status: 'error', retry: () => void areasQuery.refetch() }
        : { status: 'pending' };
  const checkout = useCheckout({
    areas: areasQuery.data,
    orderNow,
    cartLines: cart.lines,
    lookupCoupon,
    onCartChanged,
    guest,
    ...(checkoutOtp ? { phoneCheck: { isConfirmed: phoneCode.isConfirmed, proofFor: phoneCode.proofFor, forget: phoneCode.forget } } : {}),
  });
  // The shop's layout holds the visitor's page; the customer's is inside the dashboard's.
  const pageClass = guest ? 'page container checkout-page--guest' : 'dashboard-page';
  // Logging in for a coupon leads back to the product, whose Order Now then opens the customer's checkout.
  const loginState: LoginRedirectState | undefined = orderNow ? { from: { pathname: PAGES.product.link(orderNow.productId) } } : undefined;
  const { lines, totals, unavailable, coupon } = checkout;

  const title = (
    <h1 id="checkout-title" className="page__title">
      {t('checkout.title')}
    </h1>
  );

  if (!orderNow && cart.status !== 'success') {
    return (
      <section className="dashboard-page" aria-labelledby="checkout-title">
        {title}
        {cart.status === 'pending' ? (
          <LoadingStatus label={t('checkout.loading')} />
        ) : (
          <p className="notice notice--error" role="alert">
            {t('checkout.failed')}
          </p>
        )}
      </section>
    );
  }

  if (lines.length === 0) {
    return (
      <section className={pageClass} aria-labelledby="checkout-title">
        {title}
        <p className="notice">
          {/* A visitor's page holds only what Order Now brought: opened directly, or reloaded, it has nothing. */}
          <span data-testid="empty-state">{guest ? t('checkout.guest.nothing') : t('checkout.empty')}</span>{' '}
          <Link to={PAGES.allProducts.link()}>{t('checkout.browse')}</Link>
          {t('checkout.browseEnd')}
        </p>
      </section>
    );
  }

  return (
    <section className={pageClass} aria-labelledby="checkout-title">
      {title}
      {guest ? (
        <p className="page__lead">{t('checkout.guest.lead')}</p>
      ) : orderNow ? (
        <p className="page__lead">{t('checkout.orderNowLead')}</p>
      ) : (
        <p className="page__lead">{t('checkout.cartLead')}</p>
      )}
      {unavailable && (
        <p className="notice notice--error checkout__notice" role="alert">
          {t('checkout.unavailable')} <Link to={PAGES.cart.link()}>{t('checkout.goToCart')}</Link>
          {t('checkout.browseEnd')}
        </p>
      )}
      <div className="checkout">
        <CheckoutSummary lines={lines} totals={totals} defaultFee={checkout.location === ''} />

        <form
          className="form checkout__form"
          aria-labelledby="checkout-form-title"
          onSubmit={(event) => void checkout.submit(event)}
          onChange={(event) => {
            const { target } = event;
            if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) checkout.clearError(target.name);
            if (target instanceof HTMLInputElement && target.name === 'phone') {
              phoneCode.changePhone(target.value);
              checkout.changePhone(target.value);
            }
          }}
        >
          <h2 id="checkout-form-title" className="checkout-summary__title">
            {t('checkout.deliveryDetails')}
          </h2>
          <DeliveryDetails
            errors={checkout.errors}
            defaultName={guest ? '' : (user?.name ?? '')}
            areas={areas}
            district={checkout.district}
            onDistrictChange={checkout.chooseDistrict}
            thana={checkout.thana}
            onThanaChange={checkout.chooseThana}
            location={checkout.location}
            payment={checkout.payment}
            onPaymentChange={(event) => void checkout.changePayment(event)}
            phoneExtra={checkoutOtp ? <PhoneCode state={phoneCode} /> : null}
          />
          {guest ? (
            <p className="form-field__hint checkout__coupon-login" data-testid="coupon-login">
              {t('checkout.guest.coupon')}{' '}
              <Link to={PAGES.login.link()} state={loginState}>
                {t('checkout.guest.logIn')}
              </Link>
              {t('checkout.browseEnd')}
            </p>
          ) : (
            <>
              <CouponBox
                code={coupon.code}
                applied={coupon.applied}
                applying={coupon.applying}
                onCodeChange={coupon.changeCode}
                onApply={() => void coupon.apply()}
              />
              <AdvanceBox quote={checkout.advance.quote} checking={checkout.advance.checking} />
            </>
          )}
          <button type="submit" className="button button--primary form__submit" disabled={checkout.sending || unavailable}>
            {checkout.sending ? t('checkout.placing') : checkout.advance.quote?.advance ? t('checkout.placeOrderBkash') : t('checkout.placeOrder')}
          </button>
        </form>
      </div>
    </section>
  );
}
