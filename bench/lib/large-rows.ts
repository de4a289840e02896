/**
 * The large shop of issue 20 as both large benches see it (bench/large.ts on SQLite,
 * bench/large-postgres.ts on PostgreSQL): its sizes and words, the sign-ins, and the rows they
 * measure, with the same paths and the same pseudo-random choices on both engines.
 */
import { randomUUID } from 'node:crypto';
import { addDays } from '../../src/shared/shop-time.js';
import { customerPhone, hex24, prng } from '../seed-orders.js';
import { request } from './proc.js';

export const productCount = 100_000;
export const categoryCount = 50;
export const customerCount = 50_000;
export const password = 'Bench#Pass2026';
export const sessionSecret = 'bench-session-secret-bench-session-secret-0123';
export const words = ['Naruto', 'Luffy', 'Goku', 'Pikachu', 'Totoro', 'Sailor', 'Gundam', 'Eva', 'Zoro', 'Tanjiro', 'Nezuko', 'Levi', 'Mikasa', 'Saitama', 'Gojo', 'Anya', 'Frieren', 'Chopper', 'Kakashi', 'Hinata'];
export const kinds = ['Plush', 'Card Sleeves', 'Figure', 'Poster', 'Keychain', 'Deck Box', 'Playmat', 'Booster Pack', 'Hoodie', 'Mug'];
export const categoryName = (i: number) => `Large Category ${i + 1}`;

export type CannonRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (req: CannonRequest) => CannonRequest };
/** key, name, target group, p99 limit in ms, requests. */
export type LargeRow = [string, string, string | null, number | null, CannonRequest[]];

export const checkout = { name: 'Bench Customer', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };

/** The admin's token and 20 customers' (spread over the 50,000), signed in through the shop at `port`. */
export async function signIn(port: number): Promise<{ adminToken: string; customerTokens: string[] }> {
  const login = async (email: string) => {
    const res = await request(port, 'POST', '/api/auth/login', { body: { email, password }, timeoutMs: 20_000 });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.body.toString()}`);
    return (JSON.parse(res.body.toString()) as { token: string }).token;
  };
  const adminToken = await login('boss@bench.test');
  const customerTokens: string[] = [];
  for (let n = 0; n < 20; n++) customerTokens.push(await login(`customer${n * 997}@bench.test`));
  return { adminToken, customerTokens };
}

/**
 * The read rows (list, search and category, each from the response cache and as a cache miss; the
 * desk by status and by phone; the sales figures; a customer's orders) and the requests of the
 * place row. `lastDay` is the last day of the built shop's orders (its 30 days of sales end there).
 */
export function largeRows({ adminToken, customerTokens, lastDay }: { adminToken: string; customerTokens: string[]; lastDay: string }): { reads: LargeRow[]; place: CannonRequest[] } {
  const random = prng(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const get = (path: () => string, token?: string): CannonRequest[] => [
    { setupRequest: (req) => ({ ...req, method: 'GET', path: path(), headers: token ? { authorization: `Bearer ${token}` } : ({} as Record<string, string>) }) },
  ];
  // The catalogue's reads are kept by the response cache (decision 008) until the next catalogue
  // write: a list of ETags in If-None-Match always goes to the app, so these rows measure the
  // queries themselves (a cache miss), which is what the targets are judged on.
  const miss = { 'if-none-match': '"bench-1", "bench-2"' };
  const getApp = (path: () => string): CannonRequest[] => [{ setupRequest: (req) => ({ ...req, method: 'GET', path: path(), headers: miss }) }];
  const listPath = () => `/api/products?limit=24&offset=${24 * Math.floor(random() * 200)}`;
  const searchPath = () => `/api/products?q=${pick(words)}%20${encodeURIComponent(pick(kinds).split(' ')[0]!)}&limit=24`;
  const categoryPath = () => `/api/products?category=${encodeURIComponent(categoryName(Math.floor(random() * categoryCount)))}&sort=price_asc&limit=24`;
  // The last 8 digits of a customer's phone (bench/seed-orders.ts's customerPhone).
  const phoneDigits = () => customerPhone(Math.floor(random() * customerCount)).slice(-8);
  const from30 = addDays(lastDay, -29);
  const reads: LargeRow[] = [
    ['list_cached', 'GET /api/products?limit=24&offset=24*(0..199), response cache', null, null, get(listPath)],
    ['list', 'GET /api/products?limit=24&offset=24*(0..199), cache miss', 'lists', 25, getApp(listPath)],
    ['search_cached', 'GET /api/products?q=<two words>&limit=24, response cache', null, null, get(searchPath)],
    ['search', 'GET /api/products?q=<two words>&limit=24, cache miss', 'search', 50, getApp(searchPath)],
    ['category_cached', 'GET /api/products?category=<one of 50>&sort=price_asc&limit=24, response cache', null, null, get(categoryPath)],
    ['category', 'GET /api/products?category=<one of 50>&sort=price_asc&limit=24, cache miss', 'lists', 25, getApp(categoryPath)],
    ['desk_status', 'GET /api/allOrders?status=<Pending|Confirmed|Canceled>&limit=20 (admin)', 'admin filters', 50, get(() => `/api/allOrders?status=${pick(['Pending', 'Confirmed', 'Canceled'])}&limit=20&offset=${20 * Math.floor(random() * 5)}`, adminToken)],
    ['desk_phone', 'GET /api/allOrders?q=<8 phone digits>&limit=20 (admin)', 'admin filters', 50, get(() => `/api/allOrders?q=${phoneDigits()}&limit=20`, adminToken)],
    ['sales_summary', 'GET /api/stats/summary (admin)', 'sales figures', 100, get(() => '/api/stats/summary', adminToken)],
    ['sales_30d', 'GET /api/stats/sales 30 days by day (admin)', 'sales figures', 100, get(() => `/api/stats/sales?from=${from30}&to=${lastDay}&bucket=day`, adminToken)],
    ['my_orders', "GET /api/orders?limit=20 (a customer's own)", 'lists', 25, [{ setupRequest: (req) => ({ ...req, method: 'GET', path: '/api/orders?limit=20', headers: { authorization: `Bearer ${pick(customerTokens)}` } }) }]],
  ];
  let orderNo = 0;
  const place: CannonRequest[] = [
    {
      setupRequest: (req) => {
        const n = orderNo++;
        return {
          ...req,
          method: 'POST',
          path: '/api/orders',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${customerTokens[n % customerTokens.length]}`, 'idempotency-key': randomUUID() },
          // A phone per order: with one phone for all, the placement limits' per-phone counts
          // (inside every order's transaction) grew with every order the run placed.
          body: JSON.stringify({ ...checkout, phone: `017${String(20_000_000 + n).padStart(8, '0')}`, items: [{ productId: hex24(1 + ((n * 7919) % productCount), 'b0'), size: 'M', color: '', quantity: 1 }] }),
        };
      },
    },
  ];
  return { reads, place };
}

/** One order through the shop at `port` (the server must take the bench's orders before they are timed). */
export async function probeOrder(port: number, token: string): Promise<void> {
  const probe = await request(port, 'POST', '/api/orders', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: { ...checkout, items: [{ productId: hex24(1, 'b0'), size: 'M', color: '', quantity: 1 }] },
  });
  if (probe.status !== 201) throw new Error(`POST /api/orders: ${probe.status} ${probe.body.toString().slice(0, 400)}`);
}
