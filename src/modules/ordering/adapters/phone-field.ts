import { z } from 'zod';
import { normalizeBdMobile } from '../../../shared/phone.js';

/** The message for a phone number that is not a Bangladeshi mobile. */
export const notABdMobile = 'Enter a Bangladeshi mobile number such as 01712345678 (with or without +88)';

/**
 * A Bangladeshi mobile number as the ordering routes take it (an order, the blocklist, checkout
 * codes), kept as +8801XXXXXXXXX; `invalid` is what a wrong one is told.
 */
export const bdMobileField = (invalid: string = notABdMobile) =>
  z
    .string({ message: 'Phone number is required' })
    .transform((p, ctx) => {
      const normalised = normalizeBdMobile(p);
      if (!normalised) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return normalised;
    })
    .meta({ description: 'A Bangladeshi mobile number such as 01712345678, with or without +88 (kept as +8801XXXXXXXXX).' });
