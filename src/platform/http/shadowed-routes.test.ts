import { describe, expect, it } from 'vitest';
import { shadowedRoutes } from './contract.js';

// createApp refuses routers mounted in an order that hides a route (decision 050): the check itself.
describe('shadowedRoutes', () => {
  it('finds a literal path mounted after a parameter that takes it, of the same method', () => {
    expect(shadowedRoutes([{ method: 'get', path: '/orders/:id' }, { method: 'get', path: '/orders/export.csv' }])).toEqual([
      'GET /orders/export.csv is mounted after GET /orders/:id, which takes it',
    ]);
  });

  it('passes the literal path first, another method, another length, and a parameter whose pattern refuses the segment', () => {
    expect(
      shadowedRoutes([
        { method: 'get', path: '/orders/export.csv' },
        { method: 'get', path: '/orders/:id' },
        { method: 'patch', path: '/orders/:id' },
        { method: 'get', path: '/orders/:id/events' },
        { method: 'get', path: '/images/:name{[0-9a-f]+\\.webp}' },
        { method: 'get', path: '/images/list' },
      ]),
    ).toEqual([]);
  });

  it('finds the same route twice', () => {
    expect(shadowedRoutes([{ method: 'post', path: '/orders' }, { method: 'post', path: '/orders' }])).toHaveLength(1);
  });
});
