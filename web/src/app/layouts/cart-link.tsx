import { NavLink } from 'react-router-dom';
import { formatNumber } from '../../../../src/shared/locale-format';
import { cartItemCount, useCart } from '../../features/cart/api/get-cart';
import { useAuth } from '../../lib/auth/use-auth';
import { useLanguage, useT } from '../../lib/i18n/i18n';
import { PAGES } from '../routes';
import { shellMessages } from './messages/shell';

/**
 * The cart in the header, on every screen and outside the narrow screen's menu (issue 33): an icon
 * with the number of items, named "Cart (2 items)". A visitor sees it too (empty), so the header
 * drawn before the session is restored (and the static shell) has the same parts as the signed-in one;
 * it leads a visitor to the log-in page, as the dashboard's guard does.
 */
export function CartLink() {
  const t = useT(shellMessages);
  const lang = useLanguage();
  const { user } = useAuth();
  const { data: cartItems } = useCart(user?.email);
  const count = user && cartItems ? cartItemCount(cartItems) : 0;
  return (
    <NavLink to={PAGES.cart.path} className="navbar__cart" data-testid="header-cart">
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
        <path
          d="M3 4h2l2.2 10.2a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8L20.5 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="19" r="1.6" fill="currentColor" />
        <circle cx="17" cy="19" r="1.6" fill="currentColor" />
      </svg>
      <span className="visually-hidden">
        {t('shell.nav.cart')}
        {count > 0 && ` ${t('shell.nav.cartItems', { count })}`}
      </span>
      {count > 0 && (
        <span className="navbar__cart-count" aria-hidden="true" data-testid="cart-count">
          {count > 99 ? `${formatNumber(99, lang)}+` : formatNumber(count, lang)}
        </span>
      )}
    </NavLink>
  );
}
