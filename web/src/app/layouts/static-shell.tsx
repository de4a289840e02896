// index.html carries the shop's header as static HTML, painted before the app's JavaScript arrives
// (first contentful paint); React replaces it on its first render. The build (web/vite.config.ts)
// writes it from the Navbar itself, as it first renders (signed out, the build's shop name), so the
// copy never drifts from the component and nothing changes or moves when React takes over.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { siteConfigQueryOptions, type SiteConfig } from '../../lib/site-config';
import { AuthContext, type AuthContextValue } from '../../lib/auth/auth-context';
import { Navbar } from './navbar';
import { PAGES } from '../routes';
import { SkipLink } from './skip-link';
import { Spinner } from '../../components/spinner';

/** What the Navbar sees before the session is restored: nobody signed in. */
const signedOut = { user: null, loading: true, role: null, can: () => false, provider: null, googleSignIn: false } as unknown as AuthContextValue;

/** The skip link and the Navbar as the app first renders them, showing `shopName`. */
export function renderHeader(shopName: string): string {
  const client = new QueryClient();
  if (shopName) client.setQueryData(siteConfigQueryOptions().queryKey, { shopName } as SiteConfig);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[PAGES.home.link()]}>
        <AuthContext value={signedOut}>
          <SkipLink />
          <Navbar />
        </AuthContext>
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll(' data-discover="true"', '');
}

/**
 * The spinner the shell's <main> shows when the app's first render is slow to come (a slow network:
 * the first render waits for the page's code and its product, main.tsx), visible only after a moment
 * (`late`), so a quick load never flashes it. Hidden from assistive technology with the shell.
 */
export function renderShellSpinner(): string {
  return renderToStaticMarkup(<Spinner fill late />);
}

/**
 * The shell that index.html's <div id="root"> holds until React's first render: the header, inert
 * (nothing in it can be clicked or focused before it works), and the layout's <main>, the skip link's
 * target, with a late spinner.
 */
export function renderStaticShell(shopName: string): string {
  return (
    '<div class="app-shell" data-static-shell="" inert aria-hidden="true">' +
    renderHeader(shopName) +
    `<main id="main" class="site-main" tabindex="-1">${renderShellSpinner()}</main></div>`
  );
}
