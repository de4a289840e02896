import { isLang, type Lang } from '../../../../src/shared/locale-format';

/** Where the visitor's choice is remembered (localStorage). */
export const LANGUAGE_KEY = 'shop.lang';

/** The URL parameter that sets the language: `?lang=bn`, `?lang=en`. */
export const LANGUAGE_PARAM = 'lang';

export type LanguageClues = {
  /** location.search */
  search: string;
  /** The remembered choice, if any. */
  stored: string | null;
  /** navigator.languages */
  browser: readonly string[];
};

/**
 * The language of a visit: `?lang=` if it names one, else the remembered choice, else the browser's
 * first language that is Bengali or English (bn, bn-BD, bn-IN... are Bengali), else English.
 */
export function detectLanguage({ search, stored, browser }: LanguageClues): Lang {
  const asked = new URLSearchParams(search).get(LANGUAGE_PARAM);
  if (isLang(asked)) return asked;
  if (isLang(stored)) return stored;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLang(primary)) return primary;
  }
  return 'en';
}
