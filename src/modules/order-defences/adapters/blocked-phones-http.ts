import { z } from 'zod';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { pageQuerySchema, sendPage } from '../../../platform/http/paging.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { deletedAnswer, pageAnswer } from '../../../platform/http/wire.js';
import type { Clock } from '../../../shared/clock.js';
import type { AuthVariables } from '../../identity/index.js';
import { blockedPhoneNotFound, blockPhone, listBlockedPhones, unblockPhone } from '../blocked-phones.js';
import type { BlockedPhone, BlockedPhoneStore } from '../ports.js';
import { bdMobileField } from '../../ordering/index.js';

export const blockedPhoneSchema = z.object({
  phone: z.string().meta({ description: 'Normalised: +8801XXXXXXXXX.' }),
  reason: z.string(),
  createdAt: z.string().meta({ description: 'ISO 8601.' }),
  createdBy: z.string().meta({ description: "The admin's email." }),
});
export type BlockedPhoneDto = z.infer<typeof blockedPhoneSchema>;
const blockedPhoneDto = (b: BlockedPhone): BlockedPhoneDto => ({ phone: b.phone, reason: b.reason, createdAt: b.createdAt.toISOString(), createdBy: b.createdBy });

const blockBody = z.object({
  phone: bdMobileField().meta({
    description: 'A Bangladeshi mobile number such as 01712345678, with or without +88 (kept as +8801XXXXXXXXX).',
  }),
  reason: z.string({ message: 'Reason is required' }).trim().min(1, 'Reason is required').max(200, 'Reason is at most 200 characters'),
});
export type BlockPhoneBody = z.input<typeof blockBody>;

const tag = 'Blocked phones';

/** The admins' phone blocklist (issue 16). */
export function blockedPhoneRoutes(deps: { blockedPhones: BlockedPhoneStore; clock: Clock; requireStaff: StaffGuard }) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter<{ Variables: AuthVariables }>({ staff: deps.requireStaff });
  app.handle(
    {
      method: 'get',
      path: '/blocked-phones',
      tag,
      access: 'staff',
      permission: ['orders.manage', 'customers.read'],
      summary: 'The phone blocklist, newest first',
      query: pageQuerySchema,
      answers: { 200: pageAnswer('A page of the blocked phone numbers.', blockedPhoneSchema) },
    },
    async (c, { query }) => sendPage(c, await listBlockedPhones(deps, query), blockedPhoneDto),
  );

  app.handle(
    {
      method: 'post',
      path: '/blocked-phones',
      tag,
      access: 'staff',
      permission: 'orders.manage',
      summary: 'Block a phone number',
      description: 'Orders carrying the number are then refused (409 ordering/phone-blocked, asking the shopper to call the shop).',
      body: blockBody,
      answers: { 201: { description: 'Blocked.', body: blockedPhoneSchema } },
      errors: ['ordering/phone-already-blocked'],
    },
    async (c, { body }) => {
      const user = c.var.user;
      const blocked = await blockPhone(deps, { userId: user.id, email: user.email, role: user.role }, body);
      return blocked.ok ? c.json(blockedPhoneDto(blocked.value), 201) : sendError(c, blocked.error);
    },
  );

  app.handle(
    {
      method: 'delete',
      path: '/blocked-phones/:phone',
      tag,
      access: 'staff',
      permission: 'orders.manage',
      summary: 'Unblock a phone number',
      description: 'The number as listed (+8801XXXXXXXXX, URL-encoded) or written any other way (01712345678).',
      // A path that cannot be a number names nothing on the list: the same 404.
      params: { phone: bdMobileField('Not a phone number') },
      badParams: blockedPhoneNotFound(),
      answers: { 200: { description: 'Unblocked.', body: deletedAnswer } },
      errors: ['ordering/blocked-phone-not-found'],
    },
    async (c, { params }) => sendResult(c, await unblockPhone(deps, params.phone)),
  );
  return app;
}
