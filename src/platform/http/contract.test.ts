import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { ContractRouter, type PermissionNeed, type RouteContract } from './contract.js';

// Staff routes (issue 36): a contract for the staff names the permission its guard checks, and
// only such a contract names one. A mistake there is a bug of the code, found when the router is
// built (at start-up, and by every test that builds the shop), never a route open to the wrong role.
const pass: MiddlewareHandler = async (_c, next) => next();
const contract = (fields: Pick<RouteContract, 'access' | 'permission'>): RouteContract => ({
  method: 'get',
  path: '/things',
  tag: 'Things',
  summary: 'Things',
  answers: { 200: { description: 'The things.' } },
  ...fields,
});

function routerAsking(asked: PermissionNeed[]): ContractRouter {
  return new ContractRouter({
    user: pass,
    identity: pass,
    staff: (need) => {
      asked.push(need);
      return pass;
    },
  });
}

describe('a staff contract and its permission', () => {
  it('throws at registration for a staff route without a permission, or with an empty list of them', () => {
    const app = routerAsking([]);
    expect(() => app.handle(contract({ access: 'staff' }), (c) => c.body(null, 200))).toThrow('GET /things: a staff route names its permission, and only a staff route does');
    expect(() => app.handle(contract({ access: 'staff', permission: [] }), (c) => c.body(null, 200))).toThrow(/a staff route names its permission/);
    expect(app.contracts).toEqual([]);
  });

  it('throws at registration for a permission on a route that is not the staff\'s', () => {
    for (const access of ['public', 'user', 'identity'] as const) {
      const app = routerAsking([]);
      expect(() => app.handle(contract({ access, permission: 'orders.read' }), (c) => c.body(null, 200)), access).toThrow(/only a staff route does/);
    }
  });

  it("hands the staff guard the contract's permission, or its list of them", async () => {
    const asked: PermissionNeed[] = [];
    const app: ContractRouter = routerAsking(asked);
    app.handle(contract({ access: 'staff', permission: 'orders.read' }), (c) => c.body(null, 200));
    app.handle({ ...contract({ access: 'staff', permission: ['orders.pack', 'orders.read'] }), path: '/others' }, (c) => c.body(null, 200));
    expect(asked).toEqual(['orders.read', ['orders.pack', 'orders.read']]);
    expect((await app.request('/things')).status).toBe(200);
  });

  it('throws for a staff route on a router given no staff guard', () => {
    const app = new ContractRouter({ user: pass });
    expect(() => app.handle(contract({ access: 'staff', permission: 'orders.read' }), (c) => c.body(null, 200))).toThrow('no guard for staff routes (GET /things)');
  });
});
