import type { Params } from 'react-router-dom';
import type { Lang } from '../lib/i18n/i18n';

/** What a title function gets: the route's params, its loader's answer (undefined on an error), the language shown. */
export type RouteTitleArgs = { params: Params; data: unknown; lang: Lang };

/** Per-route metadata, read by the root layout through useMatches(). */
export type RouteHandle = {
  /** Page part of document.title: "{title} | {shopName}"; a function for titles that depend on the page. */
  title?: string | ((args: RouteTitleArgs) => string | undefined);
};

export function routeTitle(handle: RouteHandle | undefined, args: RouteTitleArgs): string | undefined {
  const title = handle?.title;
  return typeof title === 'function' ? title(args) : title;
}

export function documentTitle(pageTitle: string | undefined, shopName: string): string {
  return pageTitle ? `${pageTitle} | ${shopName}` : shopName;
}
