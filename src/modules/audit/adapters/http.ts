import { z } from 'zod';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { pageQuerySchema, setTotalCount } from '../../../platform/http/paging.js';
import { sendError } from '../../../platform/http/respond.js';
import type { AuthVariables, CurrentUser } from '../../identity/index.js';
import { orderEventTypes, type Actor, type OrderLog } from '../../ordering/index.js';
import type { AuditReport } from '../verify-audit-log.js';
import { readAudit } from '../read-audit.js';

export const auditSchema = z.object({
  verified: z.boolean(),
  eventCount: z.number().int(),
  problem: z
    .object({
      eventId: z.number().int().nullable(),
      orderId: z.string(),
      orderNumber: z.number().int().nullable().meta({ description: "The number of the order named, when the listing has it (issue 33)." }),
      seq: z.number().int().nullable(),
      reason: z.string(),
    })
    .nullable(),
  uncheckedEvents: z.number().int().meta({ description: 'Events of a long log not checked yet; ask again until 0.' }),
  events: z.array(
    z.object({
      id: z.number().int(),
      orderId: z.string(),
      orderNumber: z.number().int().nullable().meta({ description: "The order's number (10001, ...), as the desk and the customer know it; the order's page is /dashboard/allorders/{orderId}." }),
      seq: z.number().int(),
      type: z.enum(orderEventTypes),
      actorEmail: z.string(),
      at: z.string(),
      hash: z.string(),
    }),
  ),
});
export type AuditDto = z.infer<typeof auditSchema>;

const actorOf = (user: CurrentUser): Actor => ({ userId: user.id, email: user.email, role: user.role });

/** Under the order routes' tag, as before the audit left ordering (decision 050). */
const tag = 'Orders';

export type AuditHttpDeps = {
  /** Reads outside transactions. */
  log: OrderLog;
  requireStaff: StaffGuard;
  audit: () => Promise<AuditReport>;
  /** The numbers of these orders, by id (ordering's listing). */
  orderNumbers: (ids: readonly string[]) => Promise<Map<string, number>>;
};

export function auditRoutes(deps: AuditHttpDeps) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter({ staff: deps.requireStaff });

  app.handle(
    {
      method: 'get',
      path: '/audit',
      tag,
      access: 'staff',
      permission: 'audit.read',
      summary: "The order log's verdict and its latest events",
      description: 'The hash chain of every event is checked; a long log in slices (uncheckedEvents left).',
      query: pageQuerySchema,
      answers: { 200: { description: 'The verdict and a page of the latest events, newest first.', body: auditSchema, headers: { 'X-Total-Count': 'How many events the log holds.' } } },
    },
    async (c, { query }) => {
      const audit = await readAudit(deps, actorOf(c.var.user), query);
      if (!audit.ok) return sendError(c, audit.error);
      const { report, latest, problemOrderNumber } = audit.value;
      const events = latest.items.map((e) => ({ id: e.id, orderId: e.orderId, orderNumber: e.orderNumber, seq: e.seq, type: e.type, actorEmail: e.actor.email, at: e.at.toISOString(), hash: e.hash }));
      setTotalCount(c, latest.total);
      const body: AuditDto = { verified: report.verified, eventCount: report.eventCount, problem: report.problem && { ...report.problem, orderNumber: problemOrderNumber }, uncheckedEvents: report.unchecked ?? 0, events };
      return c.json(body);
    },
  );

  return app;
}
