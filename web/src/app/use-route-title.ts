import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { useShopName } from '../features/site/api/get-site-config';
import { documentTitle, type RouteHandle } from './route-handle';

/** Sets document.title from the deepest route's `handle.title`; used by each top-level layout. */
export function useRouteTitle(): void {
  const shopName = useShopName();
  const matches = useMatches();
  const pageTitle = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((title) => title !== undefined)
    .at(-1);

  useEffect(() => {
    document.title = documentTitle(pageTitle, shopName);
  }, [pageTitle, shopName]);
}
