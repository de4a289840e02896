import { z } from 'zod';
import type { Answer } from './contract.js';

/**
 * Pieces of wire shapes every module's contract uses: the 24-hex `_id` and the spec's small
 * answers to writes.
 */
export const idString = z.string().regex(/^[0-9a-f]{24}$/, 'Not a valid id');

export const insertedAnswer = z.object({ insertedId: z.string() });
export const modifiedAnswer = z.object({ modifiedCount: z.number().int() });
export const deletedAnswer = z.object({ deletedCount: z.number().int() });

/** A page of a list (decision 015): the JSON array, the count before paging in X-Total-Count. */
export const pageAnswer = (description: string, item: z.ZodType, headers?: Answer['headers']): Answer => ({
  description,
  body: z.array(item),
  headers: { 'X-Total-Count': 'How many items match, before limit and offset.', ...headers },
});
