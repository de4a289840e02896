import { useEffect, type MouseEvent } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { useShopName } from '../../features/site/api/get-site-config';
import { documentTitle, type RouteHandle } from '../route-handle';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ScrollToTop } from './scroll-to-top';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  // Move focus without a hash navigation, which the router would treat as a page change.
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export function RootLayout() {
  const shopName = useShopName();
  const matches = useMatches();
  const pageTitle = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((title) => title !== undefined)
    .at(-1);

  useEffect(() => {
    document.title = documentTitle(pageTitle, shopName);
  }, [pageTitle, shopName]);

  return (
    <div className="app-shell">
      <ScrollToTop />
      <a className="skip-link" href="#main" onClick={focusMain}>
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
