import { z } from 'zod';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import type { Clock } from '../../../shared/clock.js';
import { dhakaDay } from '../../../shared/shop-time.js';
import type { AuthVariables } from '../../identity/index.js';
import { smsWindows, type SmsCeilings } from '../domain/sms-ceiling.js';
import type { MessageOutbox } from '../message-outbox.js';
import type { SmsLedger } from '../ports.js';

const count = z.number().int();
const smsUsageSchema = z.object({
  day: z.string().meta({ description: "The shop's day (YYYY-MM-DD, Dhaka time) the budget counts." }),
  asOf: z.string().meta({ description: 'ISO 8601.' }),
  today: count.meta({ description: 'SMS sent (or being sent) today: checkout codes and order texts.' }),
  codesToday: count.meta({ description: 'Of them, checkout codes.' }),
  lastHour: count.meta({ description: 'SMS of the last hour, against perShopHour.' }),
  heldToday: count.meta({ description: 'Order texts a ceiling held today (not sent; the order page shows each with its reason).' }),
  budgetSpent: z.boolean().meta({ description: 'today >= dailyBudget: order texts go by email only and codes are refused until midnight.' }),
  ceilings: z.object({
    dailyBudget: count.meta({ description: 'SMS_DAILY_BUDGET' }),
    perShopHour: count.meta({ description: 'SMS_PER_SHOP_HOUR' }),
    perNumberHour: count.meta({ description: 'SMS_PER_NUMBER_HOUR' }),
    perNumberDay: count.meta({ description: 'SMS_PER_NUMBER_DAY (the last 24 hours)' }),
    perAddressHour: count.meta({ description: 'SMS_PER_ADDRESS_HOUR (checkout codes)' }),
    perAddressDay: count.meta({ description: 'SMS_PER_ADDRESS_DAY (checkout codes, the last 24 hours)' }),
  }),
});
export type SmsUsageDto = z.infer<typeof smsUsageSchema>;

/** The day's SMS against the budget and the ceilings (issue 40, decision 048), for the desk. */
export function smsUsageRoutes(deps: { ledger: SmsLedger; messages: Pick<MessageOutbox, 'heldSince'>; ceilings: SmsCeilings; clock: Clock; requireStaff: StaffGuard }) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter<{ Variables: AuthVariables }>({ staff: deps.requireStaff });
  app.handle(
    {
      method: 'get',
      path: '/stats/sms',
      tag: 'Stats',
      access: 'staff',
      permission: 'sales.read',
      summary: "Today's SMS against the daily budget and the ceilings",
      description: 'Counted from sms_sends, which every shop process shares (decision 048).',
      answers: { 200: { description: 'The counts and the ceilings.', body: smsUsageSchema } },
    },
    async (c) => {
      const now = deps.clock.now();
      const w = smsWindows(now);
      const usage = await deps.ledger.usage(w.todayStart, w.hourAgo);
      const heldToday = await deps.messages.heldSince(w.todayStart);
      const { dailyBudget, perShopHour, perNumberHour, perNumberDay, perAddressHour, perAddressDay } = deps.ceilings;
      const body: SmsUsageDto = {
        day: dhakaDay(now),
        asOf: now.toISOString(),
        ...usage,
        heldToday,
        budgetSpent: usage.today >= dailyBudget,
        ceilings: { dailyBudget, perShopHour, perNumberHour, perNumberDay, perAddressHour, perAddressDay },
      };
      return c.json(body, 200);
    },
  );
  return app;
}
