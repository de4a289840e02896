import { namespace } from '../../../lib/i18n/i18n';
import en from './packing.en.json';

/** The messages of the packing page (issue 36; decision 038). */
export const packingMessages = namespace(en, { bn: new URL('./packing.bn.json', import.meta.url) });

export type PackingId = keyof typeof en;
