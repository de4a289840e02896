// Guest checkout (GUEST_CHECKOUT, issue 36) at /checkout, in the shop's layout: a visitor's Order Now
// without an account. Loaded lazily, like the customer's checkout (checkout-route.tsx).
import { useMemo } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { LoadingStatus } from '../components/loading-status';
import { checkoutMessages } from '../features/orders/messages/checkout';
import { readOrderNow } from '../features/orders/order-now';
import { CheckoutPage } from '../features/orders/pages/checkout-page';
import { useSiteConfig } from '../features/site/api/get-site-config';
import { useAuth } from '../lib/auth/use-auth';
import { useT } from '../lib/i18n/i18n';
import { PAGES } from './routes';

export function GuestCheckoutRoute() {
  const { user, loading } = useAuth();
  const { state } = useLocation();
  const orderNow = useMemo(() => readOrderNow(state), [state]);
  // Waits for /api/config (usually cached since the app started): whether guests may order, and
  // whether a phone code is asked, so the page never shows a step the shop does not take.
  const { data: config, status: configStatus } = useSiteConfig();
  const t = useT(checkoutMessages);

  // A session being restored may turn out signed in: nothing is shown until it is known.
  if ((loading && !user) || configStatus === 'pending') return <LoadingStatus />;
  // A signed-in customer orders from their own checkout (coupons, the advance, My Orders), with the same item.
  if (user) return <Navigate to={PAGES.checkout.link()} state={state} replace />;
  if (config?.guestCheckout !== true) {
    return (
      <section className="page container checkout-page--guest" aria-labelledby="checkout-title">
        <h1 id="checkout-title" className="page__title">
          {t('checkout.title')}
        </h1>
        <p className="notice" data-testid="guest-checkout-off">
          {t('checkout.guest.off')} <Link to={PAGES.login.link()}>{t('checkout.guest.offLogIn')}</Link>
          {t('checkout.guest.offEnd')}
        </p>
      </section>
    );
  }
  return <CheckoutPage guest orderNow={orderNow} checkoutOtp={config.checkoutOtp} />;
}
