import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SiteConfig = {
  shopName: string;
  contact: { phone: string; email: string };
  social: { facebook: string; instagram: string; youtube: string };
};

/** Shown until /api/config answers (and if it never does); keep in step with index.html's title. */
export const FALLBACK_SHOP_NAME = 'Otaku Card Bazaar';

export function getSiteConfig(): Promise<SiteConfig> {
  return api.get('config').json<SiteConfig>();
}

export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['site-config'],
    queryFn: getSiteConfig,
    // The shop's name and contact details change rarely; one fetch per visit is enough.
    staleTime: Infinity,
  });

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}

export function useShopName(): string {
  const { data } = useSiteConfig();
  return data?.shopName.trim() || FALLBACK_SHOP_NAME;
}
