import { useCallback } from 'react';
import type { PurchaseHandler } from '../features/catalogue/purchase';
import { loadSwal } from '../lib/dialog';

/**
 * What Add to Cart and Order Now do for a signed-in customer, in one place. The cart and ordering
 * features will replace this placeholder (they are not built yet); the product page already checks
 * that the visitor is signed in and collects size, color and quantity.
 */
export function usePurchaseHandler(): PurchaseHandler {
  return useCallback(async (request) => {
    const Swal = await loadSwal();
    await Swal.fire({
      icon: 'info',
      title: 'Coming soon',
      text:
        request.intent === 'order-now'
          ? 'Ordering online opens soon. Thank you for your patience!'
          : 'The cart opens soon. Thank you for your patience!',
    });
  }, []);
}
