import { namespace } from '../../../lib/i18n/i18n';
import en from './shell.en.json';

/** The messages of the navbar (decision 038: English here, Bengali fetched when shown). */
export const shellMessages = namespace(en, { bn: new URL('./shell.bn.json', import.meta.url) });
