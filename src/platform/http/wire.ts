import { z } from 'zod';
import { idPattern } from '../../shared/ids.js';
import { fromBengaliDigits } from '../../shared/locale-format.js';
import type { Answer } from './contract.js';

/**
 * Pieces of wire shapes every module's contract uses: the 24-hex `_id` and the spec's small
 * answers to writes.
 */
/** An id field or parameter, refused with the given message when it is not one (src/shared/ids.ts). */
export const idSchema = (message: string) => z.string().regex(idPattern, message);
export const idString = idSchema('Not a valid id');

export const insertedAnswer = z.object({ insertedId: z.string() });
export const modifiedAnswer = z.object({ modifiedCount: z.number().int() });
export const deletedAnswer = z.object({ deletedCount: z.number().int() });

/** A page of a list (decision 015): the JSON array, the count before paging in X-Total-Count. */
export const pageAnswer = <T extends z.ZodType>(description: string, item: T, headers?: Answer['headers']) => ({
  description,
  body: z.array(item),
  headers: { 'X-Total-Count': 'How many items match, before limit and offset.', ...headers },
}) satisfies Answer;

/**
 * Text where a person types a number (a code, a search, a price filter): a Bengali keyboard types
 * ০-৯ by default, so its digits are read as ASCII before any check (issue 33). The field stays a
 * string in the contract (`overwrite` keeps its pattern in the OpenAPI document).
 */
export const typedDigits = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(fromBengaliDigits);

const asNumber = (text: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * A number, or its decimal text ("2", " 3 ", "2.5", "-1"): the original product's client sends
 * form fields' values as text (issue 19, decision 040). Text is read as the number it spells and
 * then meets the same `checks` as a number ("2.5" is not whole, "-1" not at least 1); other text
 * ("abc", "1e2", "") is not a number (`message`). Bengali digits ("২") are read as ASCII (issue 33).
 */
export const numberOrItsText = <S extends z.ZodType<unknown, number>>(checks: S, message: string) =>
  z
    .union([z.number(), z.string()], { message })
    .transform((v) => (typeof v === 'number' ? v : asNumber(fromBengaliDigits(v))))
    .pipe(checks);
