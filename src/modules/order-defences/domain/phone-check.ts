/**
 * Checkout phone codes (CHECKOUT_OTP, decision 032): the rules, pure. A customer asks for a code
 * for a phone number, gets six digits by SMS, and answers; once right, orders with that number
 * count for an hour. The store keeps one PhoneCheck per customer and phone.
 */
export type PhoneCheck = {
  userId: string;
  phone: string;
  /** HMAC of the current code; never the code. */
  codeHash: string;
  expiresAt: Date;
  /** Wrong answers to the current code. */
  tries: number;
  /** Codes sent since windowStart. */
  windowStart: Date;
  sends: number;
  lastSentAt: Date;
  verifiedAt: Date | null;
};

const minute = 60_000;
export const phoneCodeRules = {
  digits: 6,
  /** A code is good for 5 minutes. */
  ttlMs: 5 * minute,
  /** 5 wrong answers and the code is spent. */
  maxTries: 5,
  /** A new code at most every 30 seconds... */
  resendAfterMs: 30_000,
  /** ...and 3 codes per 15 minutes per customer and phone. */
  sendsPerWindow: 3,
  windowMs: 15 * minute,
  /** Codes sent to all phone numbers by one customer in the last hour (a stranger cannot make the shop text the whole country). */
  sendsPerCustomerHour: 10,
  /** A proven phone counts for an hour of orders. */
  verifiedForMs: 60 * minute,
} as const;

/** When a customer may have another code for this phone: now (0), or in so many seconds. */
export function secondsUntilNextCode(check: PhoneCheck | null, now: Date): number {
  if (!check) return 0;
  const t = now.getTime();
  const inWindow = t - check.windowStart.getTime() < phoneCodeRules.windowMs;
  const waits = [check.lastSentAt.getTime() + phoneCodeRules.resendAfterMs - t];
  if (inWindow && check.sends >= phoneCodeRules.sendsPerWindow) waits.push(check.windowStart.getTime() + phoneCodeRules.windowMs - t);
  return Math.max(0, Math.ceil(Math.max(...waits) / 1000));
}

/** The row after sending a new code (the window starts again once it is over). */
export function withNewCode(check: PhoneCheck | null, key: { userId: string; phone: string }, codeHash: string, now: Date): PhoneCheck {
  const inWindow = check !== null && now.getTime() - check.windowStart.getTime() < phoneCodeRules.windowMs;
  return {
    ...key,
    codeHash,
    expiresAt: new Date(now.getTime() + phoneCodeRules.ttlMs),
    tries: 0,
    windowStart: inWindow ? check.windowStart : now,
    sends: inWindow ? check.sends + 1 : 1,
    lastSentAt: now,
    verifiedAt: check?.verifiedAt ?? null,
  };
}

export type CodeAnswer = { kind: 'verified' } | { kind: 'wrong'; triesLeft: number } | { kind: 'expired' } | { kind: 'spent' } | { kind: 'missing' };

/** What an answer to the current code is; `matches` compares in constant time (the caller's HMAC). */
export function answerCode(check: PhoneCheck | null, matches: (codeHash: string) => boolean, now: Date): CodeAnswer {
  if (!check || check.expiresAt.getTime() === 0) return { kind: 'missing' };
  if (check.tries >= phoneCodeRules.maxTries) return { kind: 'spent' };
  if (now.getTime() >= check.expiresAt.getTime()) return { kind: 'expired' };
  if (matches(check.codeHash)) return { kind: 'verified' };
  return { kind: 'wrong', triesLeft: phoneCodeRules.maxTries - check.tries - 1 };
}

/** The row after an answer: a right one proves the phone and spends the code; a wrong one counts. */
export function afterAnswer(check: PhoneCheck, answer: CodeAnswer, now: Date): PhoneCheck {
  if (answer.kind === 'verified') return { ...check, verifiedAt: now, expiresAt: new Date(0), tries: 0 };
  if (answer.kind === 'wrong') return { ...check, tries: check.tries + 1 };
  return check;
}

/** Whether orders with this phone count now. */
export const isProven = (check: PhoneCheck | null, now: Date): boolean =>
  check !== null && check.verifiedAt !== null && now.getTime() - check.verifiedAt.getTime() < phoneCodeRules.verifiedForMs;
