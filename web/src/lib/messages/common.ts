import { namespace } from '../i18n/i18n';
import en from './common.en.json';

/**
 * Texts every page may show, in the entry chunk (decision 038): page titles (`common.page.<the
 * title of routes.ts>`, so that a title's English is routes.ts's own), the loading states, the
 * navbar's search box, the skip link, the banners' labels.
 */
export const commonMessages = namespace(en, { bn: new URL('./common.bn.json', import.meta.url) });

export type CommonId = keyof typeof en;
