import { useQuery } from '@tanstack/react-query';
import { siteConfigQueryOptions } from '../../../lib/site-config';

/** Shown until /api/config answers (and if it never does); keep in step with index.html's title. */
export const FALLBACK_SHOP_NAME = 'Otaku Card Bazaar';

// The fetcher and query options live in lib/site-config.ts: the auth layer reads the same config.
export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}

export function useShopName(): string {
  const { data } = useSiteConfig();
  return data?.shopName.trim() || FALLBACK_SHOP_NAME;
}
