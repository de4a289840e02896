import { namespace } from '../../../lib/i18n/i18n';
import en from './banners.en.json';

/** The messages of the admin's Add Slider Image and Manage Slider Images pages, with their dialogs (decision 038). */
export const bannersMessages = namespace(en, { bn: new URL('./banners.bn.json', import.meta.url) });
