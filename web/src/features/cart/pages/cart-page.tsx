import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DataTable, ThumbnailCell } from '../../../components/data-table';
import { QueryStatus } from '../../../components/query-status';
import { useAuth } from '../../../lib/auth/use-auth';
import { confirmThenRun, showFailure } from '../../../lib/dialog';
import { stockLevel } from '../../../../../src/shared/stock';
import { formatMoney, formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { cartMessages } from '../messages/cart';
import { cartItemCount, cartTotalPrice, useCart, type CartItem } from '../api/get-cart';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useUpdateCartItem } from '../api/update-cart-item';
import { QuantityControl } from '../components/quantity-control';
import './cart-page.css';
import { localized } from '../../../lib/i18n/localized';
import { siteConfigQueryOptions } from '../../../lib/site-config';
import { PAGES } from '../../../app/routes';
import { deliveryFeeValues } from '../../../lib/delivery-fees';

/** The API's ceiling of one line's quantity, when the site config does not say the shop's own. */
const quantityCeiling = 99;

/**
 * /dashboard/cart: the customer's cart lines, totals, a quantity control and Remove per line, and
 * the way to checkout. On a phone each line is a card (cart-page.css): no column scrolls away.
 */
export function CartPage() {
  const { user } = useAuth();
  const { data: items, status } = useCart(user?.email);
  const removeItem = useRemoveCartItem();
  const updateItem = useUpdateCartItem();
  const t = useT(cartMessages);
  const lang = useLanguage();
  const { data: config } = useQuery(siteConfigQueryOptions());
  const maxQuantity = config?.maxLineQuantity ?? quantityCeiling;
  // Full (or, stored before MAX_CART_LINES, over it: the server answers its newest lines only): no new item goes in.
  const full = items !== undefined && config?.maxCartLines !== undefined && items.length >= config.maxCartLines;

  /** Settles when the cart was read again or the change refused; the dialog (409: how many are left) stays open. */
  async function handleQuantity(item: CartItem, quantity: number) {
    try {
      await updateItem.mutateAsync({ id: item._id, quantity });
    } catch (error) {
      void showFailure(error, t('cart.quantityFailed'));
    }
  }

  function handleRemove(item: CartItem) {
    return confirmThenRun({
      confirm: {
        title: t('cart.remove.confirmTitle'),
        text: t('cart.remove.confirmText'),
        confirmButtonText: t('cart.remove.confirmButton'),
        cancelButtonText: t('cart.remove.cancel'),
      },
      run: () => removeItem.mutateAsync(item._id),
      success: { title: t('cart.remove.doneTitle'), text: t('cart.remove.doneText') },
    });
  }

  const unavailable = items?.some((item) => !item.available) ?? false;
  const empty = !items || items.length === 0;

  return (
    <section className="dashboard-page cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title" className="page__title">
        {t('cart.title')}
      </h1>
      <QueryStatus status={status} loading={t('cart.loading')} failed={t('cart.failed')} />
      {status === 'success' && (
        <>
          <div className="dashboard-page__bar cart-summary">
            <p className="page__lead" data-testid="cart-total-items">
              {t('cart.totalItems', { count: formatNumber(cartItemCount(items), lang) })}
            </p>
            <p className="page__lead" data-testid="cart-total-price">
              {t('cart.totalPrice', { price: formatMoney(cartTotalPrice(items), lang) })}
            </p>
            {empty ? (
              // Not a link while there is nothing to order; it only looks like the (disabled) button.
              <span className="button button--primary button--small button--disabled" aria-disabled="true" data-testid="checkout-link">
                {t('cart.checkout')}
              </span>
            ) : (
              <Link to={PAGES.checkout.link()} className="button button--primary button--small" data-testid="checkout-link">
                {t('cart.checkout')}
              </Link>
            )}
          </div>
          {!empty && (
            <p className="cart-delivery" data-testid="delivery-fees">
              {t('cart.deliveryFees', deliveryFeeValues(lang))}
            </p>
          )}
          {full && (
            <p className="notice cart-notice" role="status" data-testid="cart-full">
              {t('cart.fullNotice', { count: formatNumber(config?.maxCartLines ?? 0, lang) })}
            </p>
          )}
          {unavailable && (
            <p className="notice notice--error cart-notice" role="alert">
              {t('cart.unavailableNotice')}
            </p>
          )}
          {empty ? (
            <p className="notice">
              <span data-testid="empty-state">{t('cart.empty')}</span> <Link to={PAGES.allProducts.link()}>{t('cart.browse')}</Link>
              {t('cart.browseEnd')}
            </p>
          ) : (
            <DataTable
              labelledBy="cart-title"
              caption={t('cart.caption')}
              columns={[
                '#',
                t('cart.column.image'),
                t('cart.column.title'),
                t('cart.column.size'),
                t('cart.column.color'),
                t('cart.column.quantity'),
                t('cart.column.price'),
                t('cart.column.action'),
              ]}
              className="data-table cart-table"
            >
              {items.map((item, index) => {
                const titleId = `cart-${item._id}-title`;
                const choice = [localized(lang, item.size, item.sizeBn), localized(lang, item.color, item.colorBn)].filter(Boolean).join(', ');
                const level = stockLevel(item.stock);
                return (
                  <tr key={item._id} data-testid="cart-line" data-available={item.available}>
                    <td className="cart-table__index">{formatNumber(index + 1, lang)}</td>
                    <ThumbnailCell image={item.image} />
                    <th scope="row" id={titleId} className="cart-table__title">
                      {item.available ? (
                        localized(lang, item.title, item.titleBn)
                      ) : (
                        <span className="status-badge status-badge--canceled">{t('cart.noLongerAvailable')}</span>
                      )}
                      {/* On a phone the Size and Color columns fold into the title. */}
                      {choice && <span className="cart-table__choice">{choice}</span>}
                    </th>
                    <td className="cart-table__size">{localized(lang, item.size, item.sizeBn) || '—'}</td>
                    <td className="cart-table__color">{localized(lang, item.color, item.colorBn) || '—'}</td>
                    <td className="cart-table__quantity">
                      <QuantityControl
                        quantity={item.quantity}
                        max={maxQuantity}
                        title={localized(lang, item.title, item.titleBn)}
                        disabled={!item.available || updateItem.isPending}
                        onChange={(quantity) => handleQuantity(item, quantity)}
                      />
                      {item.available && level.kind !== 'in-stock' && (
                        <p className={`cart-table__stock cart-table__stock--${level.kind}`} data-testid="cart-line-stock">
                          {level.kind === 'sold-out' ? t('cart.stock.soldOut') : t('cart.stock.low', { left: formatNumber(level.left, lang) })}
                        </p>
                      )}
                    </td>
                    <td className="data-table__nowrap cart-table__price" data-testid="cart-line-price">
                      {formatMoney(item.price, lang)}
                    </td>
                    <td className="cart-table__action">
                      <button
                        type="button"
                        className="button button--danger button--small"
                        aria-describedby={titleId}
                        disabled={removeItem.isPending}
                        onClick={() => void handleRemove(item)}
                      >
                        {t('cart.remove')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )}
        </>
      )}
    </section>
  );
}
