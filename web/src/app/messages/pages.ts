import { namespace } from '../../lib/i18n/i18n';
import type en from './pages.en.json';

/** The ids of the page titles: `pages.<a title of routes.ts>`. */
export type PageTitleId = keyof typeof en;

/**
 * The pages' titles in the other languages (decision 038). Their English is routes.ts's own titles,
 * so pages.en.json (route-titles.test.ts checks it equals them) is not shipped a second time in the
 * entry chunk, whose every byte counts: the namespace starts with no English messages, and
 * use-route-title.ts shows a title as routes.ts has it in English.
 */
export const pageMessages = namespace({} as Record<PageTitleId, string>, { bn: new URL('./pages.bn.json', import.meta.url) });
