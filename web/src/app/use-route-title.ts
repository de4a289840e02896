import { use, useLayoutEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useShopName } from '../features/site/api/get-site-config';
import { useLanguage, useT } from '../lib/i18n/i18n';
import { pageMessages, type PageTitleId } from './messages/pages';
import { documentTitle, RouteMatchesContext, routeTitle, type RouteHandle } from './route-handle';

/** No query: a key nothing is ever cached under. */
const NO_QUERY = ['route-title', 'none'] as const;

/** Sets document.title from the deepest route's `handle.title`; used by each top-level layout. */
export function useRouteTitle(): void {
  const shopName = useShopName();
  const matches = use(RouteMatchesContext);
  const t = useT(pageMessages);
  const lang = useLanguage();
  // The deepest route that reads a query (a product page): its cached answer, without fetching it here.
  const withQuery = matches.findLast((match) => (match.route.handle as RouteHandle | undefined)?.query);
  const queryKey = withQuery ? (withQuery.route.handle as RouteHandle).query!(withQuery.params).queryKey : NO_QUERY;
  const { data } = useQuery({ queryKey, enabled: false });
  const pageTitle = matches
    .map((match) => {
      const handle = match.route.handle as RouteHandle | undefined;
      const title = routeTitle(handle, { params: match.params, data: match === withQuery ? data : undefined, lang });
      // A fixed title (routes.ts) in the language shown; one from the page's data (a product's) as it is.
      if (typeof handle?.title !== 'string' || lang === 'en') return title;
      const translated = t(`pages.${handle.title}` as PageTitleId);
      return translated.startsWith('pages.') ? title : translated;
    })
    .filter((title) => title !== undefined)
    .at(-1);

  // A layout effect runs before every passive effect, so that an error page's own title
  // (RouteErrorPage sets it in a passive effect) is the one left standing.
  useLayoutEffect(() => {
    document.title = documentTitle(pageTitle, shopName);
  }, [pageTitle, shopName]);
}
