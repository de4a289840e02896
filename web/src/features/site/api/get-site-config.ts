import { useQuery } from '@tanstack/react-query';
import { siteConfigQueryOptions } from '../../../lib/site-config';

/** The server's default SHOP_NAME (src/env.ts). */
export const DEFAULT_SHOP_NAME = 'Otaku Card Bazaar';

/**
 * Shown until /api/config answers (and if it never does): the SHOP_NAME the page was built with
 * (index.html's application-name, also in its title and static header), so the name does not flip.
 */
export const FALLBACK_SHOP_NAME =
  (typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content) ||
  DEFAULT_SHOP_NAME;

// The fetcher and query options live in lib/site-config.ts: the auth layer reads the same config.
export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}

export function useShopName(): string {
  const { data } = useSiteConfig();
  return data?.shopName.trim() || FALLBACK_SHOP_NAME;
}
