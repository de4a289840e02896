import { appError, type AppError } from '../../shared/errors.js';
import { mixesScripts } from './domain/email-skeleton.js';
import type { UserStore } from './ports.js';

/** Rows filled per statement batch when skeletons from before migration 0027/0017 are filled. */
const fillBatch = 500;

/**
 * Rows from before the skeleton column whose email is not ASCII have none yet (the migration fills
 * the ASCII ones): each check fills them first. Once they are filled, that is one look at the
 * skeleton index finding no null.
 */
async function fillSkeletons(users: UserStore): Promise<void> {
  while ((await users.fillSkeletons(fillBatch)) === fillBatch);
}

/** The email of an account that looks like this (normalised) one without being it, or null; fills old rows' skeletons first. */
export async function lookAlikeOf(users: UserStore, email: string): Promise<string | null> {
  await fillSkeletons(users);
  return users.lookAlikeOf(email);
}

/**
 * Why a new account may not have this (normalised) email, or null (issue 40): its local part or a
 * label of its domain mixes scripts (`pаypal`, one letter Cyrillic), or it looks like an existing
 * account's email without being it (`аlice@…`, `aliće@…` next to `alice@…`). The same email as an
 * existing account is not this function's business: that is auth/email-taken.
 */
export async function lookAlikeRefusal(users: UserStore, email: string): Promise<AppError | null> {
  // The look-alike first: `аlice@…` next to `alice@…` mixes scripts too, and is told what it looks like.
  if (await lookAlikeOf(users, email)) return appError('auth/email-look-alike', 'This email looks like one already registered. Please use a different email.');
  if (mixesScripts(email)) return appError('auth/email-mixed-script', 'This email mixes letters of different alphabets. Please check it or use a different email.');
  return null;
}
