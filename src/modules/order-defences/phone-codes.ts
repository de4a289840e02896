import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { Lang } from '../../shared/locale-format.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Actor } from '../ordering/index.js';
import { afterAnswer, answerCode, isProven, phoneCodeRules, secondsUntilNextCode, withNewCode, type PhoneCheck } from './domain/phone-check.js';
import type { SmsSend } from '../messages/index.js';
import type { PhoneCheckStore } from './ports.js';

/** Checkout phone codes (CHECKOUT_OTP, decision 032). */
export type PhoneCodeDeps = {
  /**
   * CHECKOUT_OTP: orders ask for a proven phone. A visitor's codes (guest checkout) exist only then;
   * an account's always may (issue 36: proving a phone shows the orders placed for it by the staff
   * or without an account, whether or not checkout asks for codes).
   */
  enabled: boolean;
  clock: Clock;
  /** Keys the codes' HMACs (the shop's SESSION_SECRET). */
  secret: string;
  shopName: string;
  /**
   * One transaction over the customers' rows and the code's SMS against the ceilings (issue 40,
   * decision 048; the messages module's ledger: a code counts per number, per client address and
   * per shop): answers to one code never race. `admitSms` answers null when admitted (or when no
   * SMS leaves the shop), else the shopper's refusal.
   */
  transaction: <T>(
    work: (s: {
      phoneChecks: PhoneCheckStore;
      admitSms: (sms: SmsSend) => Promise<PhoneCodeError | null>;
      /** The proven phone's customer record becomes the account's (issue 36): the orders the staff took for it are theirs to see. */
      claimPhone: (userId: string, phone: string, now: Date) => Promise<void>;
    }) => Promise<T>,
  ) => Promise<T>;
  /** Sends the code now (not through the outbox: the shopper is waiting for it). */
  sendSms: (to: string, message: string) => Promise<void>;
};

export type PhoneCodeError = AppError & { retryAfterSeconds?: number };

const off = (): PhoneCodeError => appError('ordering/phone-codes-off', 'This shop does not ask for a phone code at checkout.');
const hashOf = (secret: string, userId: string, phone: string, code: string) => createHmac('sha256', secret).update(`phone-code\n${userId}\n${phone}\n${code}`).digest('hex');
const hourMs = 60 * 60 * 1000;

/**
 * A visitor's proof of a phone (guest checkout, issue 36, decision 066): keyed to the number and
 * to the moment its last code was answered, so a later answer (anyone's) replaces it, and it counts
 * as long as that answer does (an hour). Only the browser that answered the code holds it.
 */
const guestProofOf = (secret: string, phone: string, verifiedAt: Date) => createHmac('sha256', secret).update(`guest-phone-proof\n${phone}\n${verifiedAt.getTime()}`).digest('base64url');

/** Whether `proof` is the one the guest row's last right answer gave, still counting at `now`. */
export function guestProofMatches(secret: string, check: PhoneCheck | null, phone: string, proof: string, now: Date): boolean {
  if (!check?.verifiedAt || !isProven(check, now)) return false;
  const kept = Buffer.from(guestProofOf(secret, phone, check.verifiedAt));
  const given = Buffer.from(proof);
  return kept.length === given.length && timingSafeEqual(kept, given);
}

/**
 * The code's SMS in the shopper's language (issue 18). The code stays in ASCII digits in Bengali
 * too: the checkout field and phones' code autofill read those; a Bengali SMS is Unicode, so the
 * text stays within 70 characters.
 */
export const phoneCodeSms = (code: string, shopName: string, lang: Lang): string =>
  lang === 'bn' ? `${code} আপনার ${shopName} কোড। ৫ মিনিট চলবে। কাউকে জানাবেন না।` : `${code} is your ${shopName} code. It expires in 5 minutes. Never share it.`;

/** Sends a new 6-digit code to the phone, within the resend limits; the code itself is kept only as an HMAC. */
export async function sendPhoneCode(
  deps: PhoneCodeDeps,
  actor: Actor,
  phone: string,
  lang: Lang = 'en',
  address: string | null = null,
  guest = false,
): Promise<Result<{ expiresInSeconds: number; resendInSeconds: number }, PhoneCodeError>> {
  if (guest && !deps.enabled) return err(off());
  const now = deps.clock.now();
  const code = String(randomInt(0, 10 ** phoneCodeRules.digits)).padStart(phoneCodeRules.digits, '0');
  const saved = await deps.transaction(async (s): Promise<Result<null, PhoneCodeError>> => {
    const checks = s.phoneChecks;
    const current = await checks.get(actor.userId, phone);
    const wait = secondsUntilNextCode(current, now);
    if (wait > 0) {
      return err({ ...appError('ordering/phone-code-too-soon', `Please wait ${wait} ${wait === 1 ? 'second' : 'seconds'} before asking for another code.`), retryAfterSeconds: wait });
    }
    if (!current && (await checks.textedSince(actor.userId, new Date(now.getTime() - hourMs))) >= phoneCodeRules.sendsPerCustomerHour) {
      return err({ ...appError('ordering/phone-code-too-soon', 'You asked for codes for too many phone numbers. Please try again in an hour.'), retryAfterSeconds: 3600 });
    }
    // Then the ceilings every SMS passes (decision 048): the number's, the address's, the shop's.
    const refused = await s.admitSms({ id: `code:${randomUUID()}`, phone, address, kind: 'code', at: now });
    if (refused) return err(refused);
    await checks.forgetOlder(actor.userId, new Date(now.getTime() - 24 * hourMs));
    await checks.save(withNewCode(current, { userId: actor.userId, phone }, hashOf(deps.secret, actor.userId, phone, code), now));
    return ok(null);
  });
  if (!saved.ok) return saved;
  try {
    await deps.sendSms(phone, phoneCodeSms(code, deps.shopName, lang));
  } catch {
    return err(appError('ordering/phone-code-not-sent', 'We could not send the code just now. Please try again in a minute.'));
  }
  return ok({ expiresInSeconds: phoneCodeRules.ttlMs / 1000, resendInSeconds: phoneCodeRules.resendAfterMs / 1000 });
}

/**
 * Checks an answer: right proves the phone for an hour of orders, and claims the phone's customer
 * record for the account (issue 36); wrong counts, five spend the code.
 */
export async function verifyPhoneCode(
  deps: PhoneCodeDeps,
  actor: Actor,
  phone: string,
  code: string,
  guest = false,
): Promise<Result<{ verified: true; validForSeconds: number; proof?: string }, PhoneCodeError>> {
  if (guest && !deps.enabled) return err(off());
  const now = deps.clock.now();
  const given = Buffer.from(hashOf(deps.secret, actor.userId, phone, code), 'hex');
  const matches = (codeHash: string) => {
    const kept = Buffer.from(codeHash, 'hex');
    return kept.length === given.length && timingSafeEqual(kept, given);
  };
  return deps.transaction(async ({ phoneChecks: checks, claimPhone }) => {
    const current = await checks.get(actor.userId, phone);
    const answer = answerCode(current, matches, now);
    if (current && (answer.kind === 'verified' || answer.kind === 'wrong')) await checks.save(afterAnswer(current, answer, now));
    switch (answer.kind) {
      case 'verified':
        // A visitor gets the proof their order carries (guest checkout): no account claims anything.
        if (guest) return ok({ verified: true as const, validForSeconds: phoneCodeRules.verifiedForMs / 1000, proof: guestProofOf(deps.secret, phone, now) });
        // The proof, and only it, makes the orders the staff took for this phone the account's (issue 36, decision 064).
        await claimPhone(actor.userId, phone, now);
        return ok({ verified: true as const, validForSeconds: phoneCodeRules.verifiedForMs / 1000 });
      case 'wrong':
        return err(
          answer.triesLeft > 0
            ? appError('ordering/phone-code-wrong', `That code is not right. You have ${answer.triesLeft} ${answer.triesLeft === 1 ? 'try' : 'tries'} left.`)
            : appError('ordering/phone-code-spent', 'That code is not right, and it cannot be tried again. Ask for a new code.'),
        );
      case 'spent':
        return err(appError('ordering/phone-code-spent', 'This code was tried too many times. Ask for a new code.'));
      case 'expired':
        return err(appError('ordering/phone-code-expired', 'This code has expired. Ask for a new code.'));
      case 'missing':
        return err(appError('ordering/phone-code-missing', 'Ask for a code for this phone number first.'));
    }
  });
}
