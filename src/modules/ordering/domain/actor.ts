/**
 * Who caused an event: an admin, the order's customer, a courier (issue 34: its webhook or a
 * status call; `userId` is `courier:<name>`, `email` the courier's name), or the shop itself
 * (issue 35: `system:<what>`, the server that confirmed a payment with bKash, a hold's timer).
 */
export type Actor = { userId: string; email: string; role: 'admin' | 'customer' | 'courier' | 'system' };
export const courierActor = (courier: string): Actor => ({ userId: `courier:${courier}`, email: courier, role: 'courier' });
export const systemActor = (what: string): Actor => ({ userId: `system:${what}`, email: what, role: 'system' });
