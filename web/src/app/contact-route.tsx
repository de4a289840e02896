// Loaded lazily by the router.
import { useSiteConfig } from '../features/site/api/get-site-config';
import { ContactPage } from '../features/static-pages/pages/contact-page';

export function ContactRoute() {
  const { data, status } = useSiteConfig();
  return <ContactPage details={data} status={status} />;
}
