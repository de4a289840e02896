import { bengaliLabel } from '../../../../src/shared/label-names';
import type { Lang } from '../../../../src/shared/locale-format';

/**
 * A catalogue text in the language shown (issue 18): the Bengali twin of a product's title or
 * description, or of a category's name, when Bengali is shown and it has one; else the English.
 * Kept tiny: the product card, in the entry chunk, uses it.
 */
export const localized = (lang: Lang, en: string, bn: string | undefined): string => (lang === 'bn' && bn) || en;

/**
 * A size or color in the language shown (issue 33): its Bengali name by position
 * (`labelsBn[i]` names `labels[i]`) when Bengali is shown and it has one, else the English label,
 * which stays the variant's key.
 */
export const localizedLabel = (lang: Lang, labels: readonly string[], labelsBn: readonly string[] | undefined, label: string): string =>
  (lang === 'bn' && bengaliLabel(labels, labelsBn, label)) || label;
