import { z } from 'zod';
import { idPattern } from '../../shared/ids.js';
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
 * A number, or its decimal text ("2", " 3 ", "2.5", "-1"): the original product's client sends
 * form fields' values as text (issue 19, decision 040). Text is read as the number it spells and
 * then meets the same `checks` as a number ("2.5" is not whole, "-1" not at least 1); other text
 * ("abc", "1e2", "") is not a number (`message`).
 */
export const numberOrItsText = <S extends z.ZodType<unknown, number>>(checks: S, message: string) =>
  z
    .union([z.number(), z.string()], { message })
    .transform((v) => (typeof v === 'number' ? v : /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN))
    .pipe(checks);
