import { namespace } from '../../lib/i18n/i18n';
import en from './image-field.en.json';

/** The messages of the admin forms' photo field: "(required)", the upload's progress (decision 038). */
export const imageFieldMessages = namespace(en, { bn: new URL('./image-field.bn.json', import.meta.url) });
