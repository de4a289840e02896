import { z } from 'zod';
import type { Lang } from '../../shared/locale-format.js';

/** Read of a header at most: a longer one is a client's mistake or a flood, not a preference. */
const maxHeaderLength = 512;
const maxRanges = 32;

/**
 * The shop's language of a request (issue 18) from its `Accept-Language` header (RFC 9110, 12.5.4):
 * of the ranges naming Bengali (`bn`, `bn-BD`, `bn-IN`...) or English (`en`, `en-GB`...), the one
 * with the highest q-value (the first of equals); `q=0` refuses a language. A header that names
 * neither, a wildcard only, no header, or one too long to read: English. The web app sends `bn` or
 * `en`, the language it shows; browsers and other clients send their own list.
 */
export function languageOf(header: string | null | undefined): Lang {
  if (!header || header.length > maxHeaderLength) return 'en';
  let best: Lang = 'en';
  let bestQ = 0;
  for (const range of header.split(',', maxRanges)) {
    const [tag = '', ...params] = range.split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'bn' && primary !== 'en') continue;
    let q = 1;
    for (const param of params) {
      const weight = /^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/i.exec(param);
      if (weight) q = Number(weight[1]);
      else if (/^\s*q\s*=/i.test(param)) q = 0; // a malformed weight: not a preference we can read
    }
    if (q > bestQ) {
      best = primary;
      bestQ = q;
    }
  }
  return best;
}

/**
 * A route contract's `accept-language` header (decision 038, issue 18): never refused, read as
 * languageOf reads it. Routes whose texts depend on the language declare it, so OpenAPI shows it.
 */
export const acceptLanguageHeader = z
  .string()
  .transform((header) => languageOf(header))
  .meta({ description: "The language of what this call sends to people (emails, SMS) or answers (PDFs): `bn` (Bengali, also bn-BD...) or `en`, q-values honoured; anything else is English." });
