import type { Page, Paged } from '../../shared/page.js';
import type { PhoneCheck } from './domain/phone-check.js';

/** A number on the admins' blocklist (issue 16): `phone` normalised, `createdBy` the admin's email. */
export type BlockedPhone = { phone: string; reason: string; createdAt: Date; createdBy: string };

/** The phone blocklist: orders carrying a listed number are refused. */
export type BlockedPhoneStore = {
  isBlocked(phone: string): Promise<boolean>;
  /** One page, newest first. */
  page(page: Page): Promise<Paged<BlockedPhone>>;
  /** False when the number is listed already. */
  add(row: BlockedPhone): Promise<boolean>;
  /** How many rows went (0 or 1). */
  remove(phone: string): Promise<number>;
};

/** Checkout phone codes (CHECKOUT_OTP, decision 032): one row per customer and phone number. */
export type PhoneCheckStore = {
  get(userId: string, phone: string): Promise<PhoneCheck | null>;
  /** Inserts or replaces the customer's row for that phone. */
  save(check: PhoneCheck): Promise<void>;
  /** Phone numbers the customer was sent a code for after `since`. */
  textedSince(userId: string, since: Date): Promise<number>;
  /** Removes the customer's rows last used before `before` (neither sent nor proven since). */
  forgetOlder(userId: string, before: Date): Promise<number>;
};
