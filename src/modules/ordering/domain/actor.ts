import { roleCan, type Permission, type Role } from '../../../shared/permissions.js';

/**
 * Who caused an event: a member of staff (any role of src/shared/permissions.ts: the event names
 * the person, by id and email, and the role they acted in), the order's customer, a courier
 * (issue 34: its webhook or a status call; `userId` is `courier:<name>`, `email` the courier's
 * name), or the shop itself (issue 35: `system:<what>`, the server that confirmed a payment with
 * bKash, a hold's timer).
 */
export type Actor = { userId: string; email: string; role: Role | 'courier' | 'system' };
export const courierActor = (courier: string): Actor => ({ userId: `courier:${courier}`, email: courier, role: 'courier' });
export const systemActor = (what: string): Actor => ({ userId: `system:${what}`, email: what, role: 'system' });

/** Whether the actor's role holds the permission (a courier or the shop's timer holds none). */
export const actorCan = (actor: Pick<Actor, 'role'>, permission: Permission): boolean => roleCan(actor.role, permission);

/** A person (not a courier, not the shop's timer): the only actors an order can belong to. */
export const isPerson = (actor: Pick<Actor, 'role'>): boolean => actor.role !== 'courier' && actor.role !== 'system';
