import { queryOptions } from '@tanstack/react-query';
import { api, call } from './api-client';
import type { Answer } from './api/contracts';

/** What the shop tells the web app (GET /api/config), as its contract says. */
export type SiteConfig = Answer<'get /config'>;
/** Which identity provider the shop uses, chosen by the server. */
export type AuthConfig = SiteConfig['auth'];
/** Firebase web-app settings; public by design (they identify the project, they do not authorise). */
export type FirebaseWebConfig = Extract<AuthConfig, { provider: 'firebase' }>['firebase'];

export function getSiteConfig(): Promise<SiteConfig> {
  return call(api, 'get /config');
}

export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['site-config'],
    queryFn: getSiteConfig,
    // The shop's name, contact details and sign-in settings change rarely; one fetch per visit is enough.
    staleTime: Infinity,
    meta: { public: true },
  });

export function authConfigOf(config: SiteConfig): AuthConfig {
  return config.auth ?? { provider: 'local', googleSignIn: false };
}
