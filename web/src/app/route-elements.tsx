// The app layer wires site-wide data into feature pages, because features must not import each other.
import { HomePage } from '../features/catalogue/pages/home-page';
import { useShopName, useSiteConfig } from '../features/site/api/get-site-config';
import { ContactPage } from '../features/static-pages/pages/contact-page';

export function HomeRoute() {
  const shopName = useShopName();
  return <HomePage shopName={shopName} />;
}

export function ContactRoute() {
  const { data, status } = useSiteConfig();
  return <ContactPage details={data} status={status} />;
}
