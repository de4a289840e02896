// Loaded lazily by the router, with the product page and the purchase wiring (cart, dialogs).
import { ProductPage } from '../features/catalogue/pages/product-page';
import { usePurchaseHandler } from './purchase-handler';

export function ProductRoute() {
  const handlePurchase = usePurchaseHandler();
  return <ProductPage onPurchase={handlePurchase} />;
}
