// The app layer wires site-wide data into feature pages, because features must not import each other.
// The home page is in the entry chunk (it is the first paint of `/`); every other page is a lazy route.
import { BannerSlider } from '../features/banners/components/banner-slider';
import { HomePage } from '../features/catalogue/pages/home-page';
import { useShopName } from '../features/site/api/get-site-config';

export function HomeRoute() {
  const shopName = useShopName();
  return <HomePage shopName={shopName} banner={<BannerSlider />} />;
}
