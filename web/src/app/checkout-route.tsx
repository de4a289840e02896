// Checkout needs three features: the cart (what is ordered), coupons (Apply) and orders (the page and
// Place Order). Features do not import each other, so the app layer wires them here. Loaded lazily.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { cartQueryKeyRoot, useCart } from '../features/cart/api/get-cart';
import { useCouponLookup } from '../features/coupons/api/get-coupon-discount';
import type { CheckoutLine } from '../features/orders/components/checkout-summary';
import { readOrderNow } from '../features/orders/order-now';
import { CheckoutPage, type CheckoutCart } from '../features/orders/pages/checkout-page';
import { useAuth } from '../lib/auth/use-auth';
import { LoadingStatus } from '../components/loading-status';
import { useSiteConfig } from '../features/site/api/get-site-config';
import { useLanguage } from '../lib/i18n/i18n';
import { localized } from '../lib/i18n/localized';

export function CheckoutRoute() {
  const { user } = useAuth();
  const { state } = useLocation();
  const orderNow = useMemo(() => readOrderNow(state), [state]);
  const queryClient = useQueryClient();
  const lookupCoupon = useCouponLookup();
  // The phone code at checkout (CHECKOUT_OTP): the page waits for /api/config (usually cached since the
  // app started), so that a shop asking for codes never shows a checkout without the code step.
  const { data: config, status: configStatus } = useSiteConfig();
  // Order Now leaves the cart alone, so it does not need it.
  const { data: items, status } = useCart(orderNow ? undefined : user?.email);
  const lang = useLanguage();

  const cart = useMemo<CheckoutCart>(
    () => ({
      status: orderNow ? 'success' : status,
      lines: (items ?? []).map(
        (item): CheckoutLine => ({
          key: item._id,
          title: localized(lang, item.title, item.titleBn),
          image: item.image,
          size: item.size,
          color: item.color,
          sizeLabel: localized(lang, item.size, item.sizeBn),
          colorLabel: localized(lang, item.color, item.colorBn),
          quantity: item.quantity,
          unitPrice: item.unitPrice,
          price: item.price,
          available: item.available,
        }),
      ),
    }),
    [items, status, orderNow, lang],
  );

  const onCartChanged = useCallback(() => void queryClient.invalidateQueries({ queryKey: cartQueryKeyRoot }), [queryClient]);

  if (configStatus === 'pending') return <LoadingStatus />;
  return (
    <CheckoutPage
      orderNow={orderNow}
      cart={cart}
      lookupCoupon={lookupCoupon}
      onCartChanged={onCartChanged}
      checkoutOtp={config?.checkoutOtp === true}
    />
  );
}
