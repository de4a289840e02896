import { useLayoutEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { useShopName } from '../features/site/api/get-site-config';
import { useT } from '../lib/i18n/i18n';
import { commonMessages, type CommonId } from '../lib/messages/common';
import { documentTitle, routeTitle, type RouteHandle } from './route-handle';

/** Sets document.title from the deepest route's `handle.title`; used by each top-level layout. */
export function useRouteTitle(): void {
  const shopName = useShopName();
  const matches = useMatches();
  const t = useT(commonMessages);
  const pageTitle = matches
    .map((match) => {
      const handle = match.handle as RouteHandle | undefined;
      const title = routeTitle(handle, { params: match.params, data: match.loaderData });
      // A fixed title (routes.ts) in the language shown; one from the page's data (a product's) as it is.
      return typeof handle?.title === 'string' ? t(`common.page.${handle.title}` as CommonId) : title;
    })
    .filter((title) => title !== undefined)
    .at(-1);

  // A layout effect runs before every passive effect, so that an error page's own title
  // (RouteErrorPage sets it in a passive effect) is the one left standing.
  useLayoutEffect(() => {
    document.title = documentTitle(pageTitle, shopName);
  }, [pageTitle, shopName]);
}
