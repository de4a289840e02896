import { z } from 'zod';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { pageQuerySchema, sendPage } from '../../../platform/http/paging.js';
import { sendError } from '../../../platform/http/respond.js';
import { idString, pageAnswer } from '../../../platform/http/wire.js';
import type { AuthVariables } from '../../identity/index.js';
import { messageChannels, messageStates } from '../domain/messages.js';
import { orderEventTypes, orderNotFound, type OrderReads } from '../../ordering/index.js';
import type { MessageOutbox, StoredMessage } from '../message-outbox.js';
import { orderMessages } from '../order-messages.js';

export const orderMessageSchema = z.object({
  id: z.string(),
  event: z.enum(orderEventTypes).meta({ description: 'The order event that caused the message.' }),
  channel: z.enum(messageChannels),
  recipient: z.string().meta({ description: 'A phone number (+8801XXXXXXXXX) for an SMS, an email address for an email.' }),
  subject: z.string().nullable().meta({ description: "An email's subject; null for an SMS." }),
  body: z.string(),
  state: z.enum(messageStates).meta({ description: 'pending: not sent yet (being tried, or waiting for its next try); sent; failed: given up after the last try; held: an SMS an SMS ceiling or the daily budget stopped (decision 048); skipped: an SMS a rule left out (the customer canceled minutes after ordering). Held and skipped are never tried; lastError holds the reason\'s code.' }),
  attempts: z.number().int().meta({ description: 'Tries so far.' }),
  lastError: z.string().nullable().meta({ description: 'Why the last try failed, in a few words; for a held or skipped SMS the reason: sms-budget-spent, sms-shop-hour, sms-number-hour, sms-number-day or quick-cancel.' }),
  nextAttemptAt: z.string().nullable().meta({ description: 'ISO 8601: when a pending message is tried next; null once sent or failed.' }),
  createdAt: z.string().meta({ description: 'ISO 8601.' }),
  sentAt: z.string().nullable().meta({ description: 'ISO 8601, once sent.' }),
});
export type OrderMessageDto = z.infer<typeof orderMessageSchema>;

const messageDto = (m: StoredMessage): OrderMessageDto => ({
  id: m.id,
  event: m.eventType,
  channel: m.channel,
  recipient: m.recipient,
  subject: m.subject,
  body: m.body,
  state: m.state,
  attempts: m.attempts,
  lastError: m.lastError,
  nextAttemptAt: m.state === 'pending' ? m.nextAttemptAt.toISOString() : null,
  createdAt: m.createdAt.toISOString(),
  sentAt: m.sentAt?.toISOString() ?? null,
});

/** The messages about an order (issue 16). */
export function orderMessageRoutes(deps: { orders: Pick<OrderReads, 'byId'>; messages: Pick<MessageOutbox, 'pageOf'>; requireStaff: StaffGuard }) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter<{ Variables: AuthVariables }>({ staff: deps.requireStaff });
  app.handle(
    {
      method: 'get',
      path: '/orders/:id/messages',
      tag: 'Orders',
      access: 'staff',
      permission: 'customers.read',
      summary: "The SMS and emails about an order, and each one's state",
      description: 'In the order of the events that caused them (placed, confirmed, canceled), removed orders included.',
      params: { id: idString },
      badParams: orderNotFound(),
      query: pageQuerySchema,
      answers: { 200: pageAnswer("A page of the order's messages.", orderMessageSchema) },
      errors: ['ordering/order-not-found'],
    },
    async (c, { params, query }) => {
      const user = c.var.user;
      const listed = await orderMessages(deps, { userId: user.id, email: user.email, role: user.role }, params.id, query);
      return listed.ok ? sendPage(c, listed.value, messageDto) : sendError(c, listed.error);
    },
  );
  return app;
}
