import { namespace } from '../i18n/i18n';
import en from './common.en.json';

/**
 * Texts every page may show, in the entry chunk (decision 038): the loading states, the navbar's
 * search box, the skip link, the banners' labels. (The page titles: app/messages/pages.ts.)
 */
export const commonMessages = namespace(en, { bn: new URL('./common.bn.json', import.meta.url) });

export type CommonId = keyof typeof en;
