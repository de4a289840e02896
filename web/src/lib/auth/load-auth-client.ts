import { authConfigOf, type SiteConfig } from '../site-config';
import type { AuthClient } from './types';

/**
 * Picks the client named by the server's config; the Firebase one (and its SDK) is fetched only when chosen.
 * The local one is a chunk of its own too: it calls the API through ky, which the entry does not carry.
 */
export async function loadAuthClient(config: SiteConfig): Promise<AuthClient> {
  const auth = authConfigOf(config);
  if (auth.provider === 'firebase') {
    const { createFirebaseAuthClient } = await import('./firebase-auth-client');
    return createFirebaseAuthClient({ firebase: auth.firebase, emulatorUrl: auth.emulatorUrl });
  }
  const { createLocalAuthClient } = await import('./local-auth-client');
  return createLocalAuthClient();
}
