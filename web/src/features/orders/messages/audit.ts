import { namespace } from '../../../lib/i18n/i18n';
import en from './audit.en.json';

/** The messages of the Order Audit page (decision 038: English here, Bengali fetched when shown). */
export const auditMessages = namespace(en, { bn: new URL('./audit.bn.json', import.meta.url) });
