import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAddToCart } from '../features/cart/api/add-to-cart';
import { productMessages } from '../features/catalogue/messages/product';
import type { PurchaseHandler } from '../features/catalogue/purchase';
import type { OrderNowState } from '../features/orders/order-now';
import { loadSwal, showFailure } from '../lib/dialog';
import { useLanguage, useT } from '../lib/i18n/i18n';
import { localized, localizedLabel } from '../lib/i18n/localized';
import { PAGES } from './routes';

/**
 * What Add to Cart and Order Now do for a signed-in customer (the product page has already sent a
 * visitor to log in). Add to Cart writes a cart line; Order Now writes nothing and takes the one item
 * to checkout in the router state, where the server prices it again: the customer's checkout, or for
 * a visitor's Order Now in a shop that takes guest orders (issue 36), the public one.
 */
export function usePurchaseHandler(): PurchaseHandler {
  const t = useT(productMessages);
  const lang = useLanguage();
  const navigate = useNavigate();
  const { mutateAsync: addToCart } = useAddToCart();

  return useCallback(
    async ({ intent, product, size, color, quantity, guest }) => {
      // The title as the page shows it (issue 18); the order records the catalogue's English title.
      const title = localized(lang, product.title, product.titleBn);
      if (intent === 'order-now') {
        const state: OrderNowState = {
          orderNow: {
            productId: product._id,
            title,
            image: product.images[0] ?? '',
            size,
            color,
            sizeLabel: localizedLabel(lang, product.sizes, product.sizesBn, size),
            colorLabel: localizedLabel(lang, product.colors, product.colorsBn, color),
            quantity,
            unitPrice: product.price,
          },
        };
        await navigate(guest ? PAGES.guestCheckout.link() : PAGES.checkout.link(), { state });
        return;
      }
      const swal = loadSwal();
      try {
        await addToCart({ productId: product._id, quantity, size, color });
      } catch (error) {
        // 409 cart/quantity-limit, 400 cart/invalid-choice, 404 cart/product-not-found: the server's words.
        await showFailure(error, t('product.failed'));
        return;
      }
      // titleText, not title (which sweetalert2 renders as HTML): the product's title is shop data.
      void (await swal).fire({ icon: 'success', titleText: t('product.addedToCart', { title }) });
    },
    [addToCart, navigate, t, lang],
  );
}
