import { createContext } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Params, RouteMatch } from 'react-router-dom';
import type { Lang } from '../lib/i18n/i18n';

/** What a title function gets: the route's params, its query's cached data (undefined until there), the language shown. */
export type RouteTitleArgs = { params: Params; data: unknown; lang: Lang };

/** Per-route metadata, read by the layouts through the matched routes (RouteMatchesContext). */
export type RouteHandle = {
  /** Page part of document.title: "{title} | {shopName}"; a function for titles that depend on the page. */
  title?: string | ((args: RouteTitleArgs) => string | undefined);
  /** The query whose cached answer a title function reads (a product's): the page itself fetches it. */
  query?: (params: Params) => { queryKey: QueryKey };
  /**
   * Asks for what the page shows first (a product), so that a first page load renders it at once
   * (router.tsx, preloadPage); prefetch.js has usually asked the server already.
   */
  prefetch?: (client: QueryClient, params: Params) => Promise<void>;
};

/** The routes matched by the current address, outermost first (router.tsx's AppRoutes provides them). */
export const RouteMatchesContext = createContext<RouteMatch[]>([]);

export function routeTitle(handle: RouteHandle | undefined, args: RouteTitleArgs): string | undefined {
  const title = handle?.title;
  return typeof title === 'function' ? title(args) : title;
}

export function documentTitle(pageTitle: string | undefined, shopName: string): string {
  return pageTitle ? `${pageTitle} | ${shopName}` : shopName;
}
