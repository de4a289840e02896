import { useLayoutEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { useShopName } from '../features/site/api/get-site-config';
import { documentTitle, routeTitle, type RouteHandle } from './route-handle';

/** Sets document.title from the deepest route's `handle.title`; used by each top-level layout. */
export function useRouteTitle(): void {
  const shopName = useShopName();
  const matches = useMatches();
  const pageTitle = matches
    .map((match) => routeTitle(match.handle as RouteHandle | undefined, { params: match.params, data: match.loaderData }))
    .filter((title) => title !== undefined)
    .at(-1);

  // A layout effect runs before every passive effect, so that an error page's own title
  // (RouteErrorPage sets it in a passive effect) is the one left standing.
  useLayoutEffect(() => {
    document.title = documentTitle(pageTitle, shopName);
  }, [pageTitle, shopName]);
}
