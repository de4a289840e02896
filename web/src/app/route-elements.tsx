// The app layer wires site-wide data into feature pages, because features must not import each other.
import { BannerSlider } from '../features/banners/components/banner-slider';
import { HomePage } from '../features/catalogue/pages/home-page';
import { ProductPage } from '../features/catalogue/pages/product-page';
import { useShopName, useSiteConfig } from '../features/site/api/get-site-config';
import { ContactPage } from '../features/static-pages/pages/contact-page';
import { usePurchaseHandler } from './purchase-handler';

export function HomeRoute() {
  const shopName = useShopName();
  return <HomePage shopName={shopName} banner={<BannerSlider />} />;
}

export function ProductRoute() {
  const handlePurchase = usePurchaseHandler();
  return <ProductPage onPurchase={handlePurchase} />;
}

export function ContactRoute() {
  const { data, status } = useSiteConfig();
  return <ContactPage details={data} status={status} />;
}
