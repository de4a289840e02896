import { namespace } from '../../lib/i18n/i18n';
import en from './error-page.en.json';

/** The messages of the route error page (its own chunk, fetched when a route fails). */
export const errorPageMessages = namespace(en, { bn: new URL('./error-page.bn.json', import.meta.url) });

export type ErrorPageId = keyof typeof en;
