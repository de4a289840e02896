import { namespace } from '../../lib/i18n/i18n';
import en from './product-card.en.json';

/** The messages of the product card (decision 038: English here, Bengali fetched when shown). */
export const productCardMessages = namespace(en, { bn: new URL('./product-card.bn.json', import.meta.url) });
