import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** Firebase web-app settings; public by design (they identify the project, they do not authorise). */
export type FirebaseWebConfig = { apiKey: string; authDomain: string; projectId: string };

/** Which identity provider the shop uses, chosen by the server (GET /api/config). */
export type AuthConfig =
  | { provider: 'local'; googleSignIn: boolean }
  | { provider: 'firebase'; googleSignIn: boolean; firebase: FirebaseWebConfig; emulatorUrl?: string };

export type SiteConfig = {
  shopName: string;
  contact: { phone: string; email: string };
  social: { facebook: string; instagram: string; youtube: string };
  /** The checkout asks for a 6-digit code sent by SMS to the phone number (CHECKOUT_OTP); absent: no. */
  checkoutOtp?: boolean;
  /** MAX_LINE_QUANTITY: the most of one item a cart line holds; absent: 99, the API's ceiling. */
  maxLineQuantity?: number;
  /** MAX_CART_LINES: the most different items one cart holds; absent: not known (no notice before the server refuses). */
  maxCartLines?: number;
  /** Absent on a server without the identity module: treated as the local provider, no Google. */
  auth?: AuthConfig;
};

export function getSiteConfig(): Promise<SiteConfig> {
  return api.get('config').json<SiteConfig>();
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
