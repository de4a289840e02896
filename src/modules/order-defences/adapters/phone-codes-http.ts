import { z } from 'zod';
import { acceptLanguageHeader } from '../../../platform/http/accept-language.js';
import { clientAddress } from '../../../platform/http/client-address.js';
import type { Context, MiddlewareHandler } from 'hono';
import { ContractRouter } from '../../../platform/http/contract.js';
import { sendError } from '../../../platform/http/respond.js';
import { typedDigits } from '../../../platform/http/wire.js';
import type { AuthVariables, CurrentUser } from '../../identity/index.js';
import { smsAddressKey } from '../../messages/index.js';
import { appError } from '../../../shared/errors.js';
import { bdMobileField, guestCaller, type Actor } from '../../ordering/index.js';
import { sendPhoneCode, verifyPhoneCode, type PhoneCodeDeps } from '../phone-codes.js';

const phone = bdMobileField();

const tag = 'Orders';
const codeBody = z.object({ phone, code: typedDigits({ message: 'Code is required' }).trim().regex(/^\d{6}$/, 'The code is 6 digits').meta({ description: '6 digits, ASCII or Bengali.' }) });
const sentAnswer = z.object({ expiresInSeconds: z.number().int(), resendInSeconds: z.number().int() });
const smsCeilings =
  "Besides the per-customer limits, every SMS counts against the shop's ceilings (decision 048): SMS_PER_NUMBER_HOUR/DAY to one number (429 ordering/sms-number-limit), SMS_PER_ADDRESS_HOUR/DAY from one client address (429 ordering/sms-address-limit), SMS_PER_SHOP_HOUR (429 ordering/sms-busy) and SMS_DAILY_BUDGET for the shop's day (429 ordering/sms-budget-spent), each with Retry-After.";
const sendErrors = ['ordering/phone-code-too-soon', 'ordering/phone-code-not-sent', 'ordering/sms-number-limit', 'ordering/sms-address-limit', 'ordering/sms-busy', 'ordering/sms-budget-spent'] as const;
const verifyErrors = ['ordering/phone-code-wrong', 'ordering/phone-code-spent', 'ordering/phone-code-expired', 'ordering/phone-code-missing'] as const;
const guestOff = () => appError('ordering/guest-checkout-off', 'This shop takes orders from signed-in customers only. Please log in first.');
const actorOf = (user: CurrentUser): Actor => ({ userId: user.id, email: user.email, role: user.role });

/**
 * Checkout phone codes (CHECKOUT_OTP, decision 032): a 6-digit code by SMS, good for 5 minutes and
 * 5 tries; a new one at most every 30 seconds and 3 per 15 minutes; a proven phone counts for an
 * hour of orders. An account may always ask (a proven phone also shows the orders placed for it by
 * the staff or without an account, issue 36); orders ask for one only with CHECKOUT_OTP. A visitor's
 * codes (guest checkout) exist only with GUEST_CHECKOUT and CHECKOUT_OTP (else 409).
 */
export function phoneCodeRoutes(deps: PhoneCodeDeps & { trustProxy: number | boolean; requireUser: MiddlewareHandler<{ Variables: AuthVariables }>; guestCheckout: boolean }) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter<{ Variables: AuthVariables }>({ user: deps.requireUser as MiddlewareHandler });
  /** Sends a code for the caller (an account, or a visitor's `guest:<phone>`): 201, or the refusal with its Retry-After. */
  const send = async (c: Context, caller: Actor, to: string, lang: 'en' | 'bn' | undefined, guest: boolean) => {
    const sent = await sendPhoneCode(deps, caller, to, lang, smsAddressKey(clientAddress(c, deps.trustProxy)), guest);
    if (sent.ok) return c.json(sent.value, 201);
    const { retryAfterSeconds, ...error } = sent.error;
    if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
    return sendError(c, error);
  };
  app.handle(
    {
      method: 'post',
      path: '/phone-codes',
      tag,
      access: 'user',
      summary: 'Send a code to a phone number by SMS (checkout, or to see the orders placed for the phone)',
      body: z.object({ phone }),
      headers: { 'accept-language': acceptLanguageHeader },
      answers: { 201: { description: 'Sent.', body: sentAnswer } },
      description: `With CHECKOUT_OTP an order counts only once its phone is proven; without it, proving a phone still makes its customer record (the orders the staff took for it, or a visitor placed with it) the account's. ${smsCeilings}`,
      errors: [...sendErrors],
    },
    async (c, { body, headers }) => send(c, actorOf(c.var.user), body.phone, headers['accept-language'], false),
  );

  app.handle(
    {
      method: 'post',
      path: '/phone-codes/verify',
      tag,
      access: 'user',
      summary: 'Answer a code: a right one proves the phone number for an hour of orders, and shows the orders placed for it',
      body: codeBody,
      answers: { 200: { description: 'Proven.', body: z.object({ verified: z.literal(true), validForSeconds: z.number().int() }) } },
      errors: [...verifyErrors],
    },
    async (c, { body }) => {
      const verified = await verifyPhoneCode(deps, actorOf(c.var.user), body.phone, body.code);
      return verified.ok ? c.json(verified.value, 200) : sendError(c, verified.error);
    },
  );

  // Guest checkout (GUEST_CHECKOUT, issue 36, decision 066): a visitor's codes, keyed by the phone
  // alone (the same limits per number, the same SMS ceilings per number, client address and shop).
  app.handle(
    {
      method: 'post',
      path: '/guest/phone-codes',
      tag,
      access: 'public',
      summary: 'Send a checkout code to a phone number by SMS, without an account (guest checkout)',
      body: z.object({ phone }),
      headers: { 'accept-language': acceptLanguageHeader },
      answers: { 201: { description: 'Sent.', body: sentAnswer } },
      description: `Only with GUEST_CHECKOUT (else 409 ordering/guest-checkout-off) and CHECKOUT_OTP. The limits of POST /api/phone-codes, counted per phone number. ${smsCeilings}`,
      errors: ['ordering/guest-checkout-off', 'ordering/phone-codes-off', ...sendErrors],
    },
    async (c, { body, headers }) => {
      if (!deps.guestCheckout) return sendError(c, guestOff());
      return send(c, guestCaller(body.phone), body.phone, headers['accept-language'], true);
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/guest/phone-codes/verify',
      tag,
      access: 'public',
      summary: "Answer a guest's checkout code: a right one gives the proof the order carries",
      description:
        'Only with GUEST_CHECKOUT and CHECKOUT_OTP. `proof` goes with POST /api/guest/orders as `phoneProof`; it counts for an hour, until the next right answer for the number. No account claims anything.',
      body: codeBody,
      answers: { 200: { description: 'Proven.', body: z.object({ verified: z.literal(true), validForSeconds: z.number().int(), proof: z.string() }) } },
      errors: ['ordering/guest-checkout-off', 'ordering/phone-codes-off', ...verifyErrors],
    },
    async (c, { body }) => {
      if (!deps.guestCheckout) return sendError(c, guestOff());
      const verified = await verifyPhoneCode(deps, guestCaller(body.phone), body.phone, body.code, true);
      if (!verified.ok) return sendError(c, verified.error);
      const { proof = '', ...answer } = verified.value;
      return c.json({ ...answer, proof }, 200);
    },
  );
  return app;
}
