import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { httpStatusByCode } from '../../src/shared/errors.js';
import { dumpDatabase, firstDifference } from '../security/db-dump.js';
import { routeKey, routeTable, serverRoutes, type CellRequest } from '../security/route-table.js';
import { createSeededShop, roles, type Role, type SeededShop } from '../security/shop.js';

/**
 * API fuzzing over every route the server registers (app.routes), with fast-check: arbitrary
 * path parameters, queries and bodies (wrong types, missing fields, huge and unicode strings,
 * negative, fractional and enormous numbers, `__proto__` and `constructor` keys, deeply nested
 * JSON, bad content types), as a visitor, customers, each role of the staff or with a forged token.
 *
 * Checks, for every request:
 * - no 5xx;
 * - every 4xx of /api is in the error format (errorBody in src/shared/errors.ts) and its status is
 *   the one the code maps to. Not checked: /uploads/*, which serves files and answers a missing
 *   one with a plain "Not found" like any static file server; and bodies of HEAD answers;
 * - a request answered 4xx leaves every table as it was (a dump of all rows before and after).
 *   No table is exempt: the only state a refusal may change, the rate-limit counters, is in memory;
 * - a request by anyone but an admin leaves users' roles, products, categories, sliders and
 *   coupons as they were, whatever it answered; of the staff (issue 36), the catalogue people may
 *   change the catalogue, banners and coupons, the desk the blocklist, bookings and customer records, those who pack
 *   the bookings, and nothing else of it;
 * - Object.prototype gains nothing (prototype pollution).
 */
export type FuzzReport = {
  requests: number;
  serverErrors: number;
  badErrorFormat: number;
  databaseChangedByRejected: number;
  failures: string[];
  /** How many requests got each status (and, for 4xx, each error code): the fuzz reached past validation. */
  byStatus: Record<string, number>;
};

type Caller = Role | 'forged';
const callers: Caller[] = [...roles, 'forged'];

const vocabulary = [
  'name', 'email', 'password', 'role', 'token', 'category', 'title', 'description', 'price', 'sizes', 'colors', 'images', 'image',
  'code', 'discountPercent', 'productId', 'quantity', 'size', 'color', 'phone', 'address', 'deliveryLocation', 'paymentMethod',
  'appliedCoupon', 'amount', 'items', 'status', 'cartItems', 'orderTime', '_id', 'id', 'userId', 'q', 'limit', 'offset',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '',
];

/** Huge strings are rarer (each costs a megabyte of traffic); 400 000 'ঢ' are over the 1 MB body limit. */
const hugeString = fc.constantFrom(1_000, 30_000, 200_000, 400_000).chain((n) => fc.constantFrom('ঢ', 'a', '𝕏').map((ch) => ch.repeat(n)));
const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: hugeString },
  { weight: 4, arbitrary: fc.constantFrom(
    '', ' ', '\u0000', '\u202e\u0644', '𝕏🎴', '\ud800', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', "' OR 1=1 --",
    '../../etc/passwd', '%00', '%zz', 'null', 'NaN', 'Infinity', '__proto__', 'constructor', 'Confirmed', 'Pending', 'admin',
    'Cash On Delivery', 'Inside Dhaka', '01712345678', 'Sakura#2026', 'a@b.co', 'WELCOME10', 'https://img.test/x.webp',
    '/uploads/x.webp', 'javascript:alert(1)', '0123456789abcdef01234567', 'ffffffffffffffffffffffff',
  ) },
);
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, 99.999, 100.001, -1e-9, 1e21, 1e308, -1e308, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 12.345),
);
const leaf = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...vocabulary), leaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

type BodyRecipe =
  | { kind: 'none' }
  | { kind: 'valid' }
  | { kind: 'mutated'; edits: Array<{ key: string; remove: boolean; value: unknown }> }
  | { kind: 'fields'; fields: Array<[string, unknown]> }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'deep'; depth: number; array: boolean };

const rawTexts = fc.oneof(
  fc.constantFrom(
    '{', '{"a":', '[1,]', 'null null', 'undefined', "{'a':1}", '{"price": 1e400}', '{"quantity": -1e400}', '{"amount": 1e999}',
    '{"__proto__": {"role": "admin", "isAdmin": true, "polluted": 1}}',
    '{"constructor": {"prototype": {"polluted": 1}}}',
    '{"__proto__": null, "status": "Confirmed"}',
    '{"email":"customer.a@example.com","email":"boss@shop.test"}',
    '\ufeff{}', '[]', '""', '0', 'true', '{"a":"\\ud800"}', '\u0000',
  ),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const bodyRecipe: fc.Arbitrary<BodyRecipe> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'valid' as const }) },
  {
    weight: 6,
    arbitrary: fc
      .array(fc.record({ key: fc.constantFrom(...vocabulary), remove: fc.boolean(), value: nastyValue }), { minLength: 1, maxLength: 3 })
      .map((edits) => ({ kind: 'mutated' as const, edits })),
  },
  { weight: 2, arbitrary: fc.array(fc.tuple(fc.constantFrom(...vocabulary), nastyValue), { maxLength: 6 }).map((fields) => ({ kind: 'fields' as const, fields })) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ kind: 'json' as const, value })) },
  { weight: 2, arbitrary: rawTexts.map((text) => ({ kind: 'raw' as const, text })) },
  { weight: 1, arbitrary: fc.record({ depth: fc.integer({ min: 50, max: 20_000 }), array: fc.boolean() }).map((r) => ({ kind: 'deep' as const, ...r })) },
);

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.api+json', 'application/json; charset=latin1', 'text/plain',
      'application/x-www-form-urlencoded', 'multipart/form-data; boundary=----fuzz', 'multipart/form-data', 'text/html', 'image/png',
      'application/jsonp', '', 'none',
    ),
  },
);

const pathParam = fc.oneof(
  { weight: 4, arbitrary: fc.nat().map((pick) => ({ real: true as const, pick })) },
  { weight: 3, arbitrary: nastyString.map((value) => ({ real: false as const, value, raw: false })) },
  { weight: 1, arbitrary: fc.constantFrom('..', '.', '%', '%zz', '%2e%2e', '%2F', '..%2f..%2fetc', '%00', '~', '%ff').map((value) => ({ real: false as const, value, raw: true })) },
);

/** Headers that reach code of ours: conditional reads, compression, client address, origin checks, cookies. */
const extraHeader = fc.tuple(
  fc.constantFrom('if-none-match', 'if-modified-since', 'accept-encoding', 'x-forwarded-for', 'origin', 'host', 'cookie', 'accept', 'range', 'content-encoding', 'x-request-id'),
  fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.constantFrom('*', 'W/"1"', '"', '""', 'gzip, br;q=0', 'identity;q=0, *;q=0', 'deflate', 'br', '1.2.3.4, ::1', 'unknown', 'null', 'http://shop.test', 'shop.test', 'shop_session=abc', 'bytes=0-0', 'bytes=-1', 'gzip'),
  ),
);

/** The value one time in `every`, otherwise null. */
const rarely = <T>(arb: fc.Arbitrary<T>, every: number) => fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

const recipe = fc.record({
  endpoint: fc.nat(),
  caller: fc.constantFrom(...callers),
  otherMethod: rarely(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'), 8),
  params: fc.array(pathParam, { minLength: 3, maxLength: 3 }),
  query: rarely(fc.array(fc.tuple(fc.constantFrom(...vocabulary), nastyString), { maxLength: 4 }), 3),
  body: bodyRecipe,
  contentType,
  extraHeaders: rarely(fc.array(extraHeader, { minLength: 1, maxLength: 3 }), 4),
  idempotencyKey: rarely(fc.oneof(fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002'), fc.string({ maxLength: 300 })), 4),
});
type Recipe = typeof recipe extends fc.Arbitrary<infer T> ? T : never;

/** encodeURIComponent, except that a lone surrogate becomes the invalid UTF-8 bytes %ED%A0%80. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const encode = (s: string) => s.split(loneSurrogate).map(encodeURIComponent).join('%ED%A0%80');

/** Real values for a path parameter, by its name. */
function realValues(shop: SeededShop, param: string): string[] {
  const u = shop.users;
  switch (param) {
    case 'email':
      return [u.customerA.email, u.customerB.email, u.admin.email, u.customerA.email.toUpperCase()];
    case 'code':
      return [shop.couponCode, shop.couponCode.toLowerCase()];
    case 'name':
      return [shop.uploadName];
    default:
      return [shop.productId, shop.cartLineOfA, shop.cartLineOfB, shop.orderOfA, shop.orderOfB, shop.couponId, u.customerA._id, u.customerB._id, u.admin._id];
  }
}

const fillPath = (template: string, shop: SeededShop, params: Recipe['params']) => {
  let i = 0;
  return template.replace(/:(\w+)/g, (_m, name: string) => {
    const p = params[i++ % params.length]!;
    if (p.real) {
      const values = realValues(shop, name);
      return encodeURIComponent(values[p.pick % values.length]!);
    }
    return p.raw ? p.value : encode(p.value);
  });
};

/** The body as text, and whether it is meant to be JSON. */
function bodyText(r: BodyRecipe, valid: unknown): string | undefined {
  switch (r.kind) {
    case 'none':
      return undefined;
    case 'valid':
      return valid === undefined ? undefined : JSON.stringify(valid);
    case 'mutated': {
      const base: Record<string, unknown> = valid && typeof valid === 'object' && !Array.isArray(valid) ? { ...(valid as Record<string, unknown>) } : {};
      // Build as text so `__proto__` stays an own key, as JSON.parse makes it on the server.
      const entries = new Map(Object.entries(base));
      for (const e of r.edits) {
        if (e.remove) entries.delete(e.key);
        else entries.set(e.key, e.value);
      }
      return `{${[...entries].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
    }
    case 'fields':
      return `{${r.fields.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
    case 'json':
      return JSON.stringify(r.value);
    case 'raw':
      return r.text;
    case 'deep':
      return r.array ? `${'['.repeat(r.depth)}1${']'.repeat(r.depth)}` : `${'{"a":'.repeat(r.depth)}1${'}'.repeat(r.depth)}`;
  }
}

/**
 * The rate limits' counters (PostgreSQL keeps them in limit_windows; SQLite's one process in
 * memory): a refused sign-in or coupon guess counts there by design, so they are left out of the
 * "a refusal changes nothing" and "only an admin may change it" comparisons.
 */
const limitCounters = ['limit_windows'];

/** Of what only an admin may change, what each other role of the staff changes by its work (issue 36). */
const changedByRole: Partial<Record<string, readonly string[]>> = {
  catalogue: ['categories', 'products', 'sliders', 'coupons', 'products_search_keys', ...['', '_data', '_idx', '_content', '_docsize', '_config'].map((s) => `products_search${s}`)],
  desk: ['blocked_phones', 'parcel_bookings', 'parcels', 'courier_records'],
  packing: ['parcel_bookings', 'parcels'],
};

/**
 * What only an admin may change; a refusal or not, nobody else's request may touch it (but what
 * the caller's role changes by its work: changedByRole). Stock is
 * the exception: a customer's order takes it and a cancel gives it back (decision 028), so of the
 * variants only which exist counts, and their stock is checked by tests/api/stock-*.test.ts. The
 * sales projection (decision 033) moves with every order event, a customer's included, and is
 * checked against the orders by tests/api/sales-stats.test.ts.
 */
const privileged = async (shop: SeededShop, role: string) =>
  (await dumpDatabase(shop.t.database, {
    skipTables: [
      ...(changedByRole[role] ?? []),
      ...['cart_lines', 'order_events', 'order_log_head', 'order_requests', 'orders', 'order_messages', 'password_resets', 'users', 'product_variants', 'change_versions'],
      // Any account may prove a phone (issue 36, decision 066): its code, the SMS counted, and the phone's customer record it claims (or makes).
      ...['phone_checks', 'sms_sends', 'customers'],
      // Derived from the orders, as `orders` is: sales, counts per status, the phone index (SQLite's FTS5 table and its shadow tables).
      ...['sales_days', 'product_sales_days', 'orders_status_counts', ...['', '_data', '_idx', '_content', '_docsize', '_config'].map((s) => `orders_phone_search${s}`)],
      ...limitCounters,
    ],
  })) +
  JSON.stringify(await shop.t.query("select id, role from users where role = 'admin' order by id")) +
  (role === 'catalogue' ? '' : JSON.stringify(await shop.t.query('select product_id, size, color from product_variants order by product_id, size, color')));

/** The body as the browser reads it: app.request answers as sent, compressed when asked to be. */
async function bodyOf(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding')?.trim().toLowerCase();
  const plain = encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : encoding === 'br' ? brotliDecompressSync(bytes) : bytes;
  return plain.toString('utf8');
}

function checkErrorFormat(status: number, text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 120)}`;
  }
  const error = (body as { error?: unknown })?.error as { code?: unknown; message?: unknown; issues?: unknown } | undefined;
  if (!error || typeof error !== 'object') return `no error object: ${text.slice(0, 120)}`;
  if (typeof error.code !== 'string' || !(error.code in httpStatusByCode)) return `unknown code ${JSON.stringify(error.code)}`;
  if (httpStatusByCode[error.code as keyof typeof httpStatusByCode] !== status) return `code ${error.code} answered with ${status}`;
  if (typeof error.message !== 'string' || error.message === '') return 'no message';
  if (error.issues !== undefined) {
    if (!Array.isArray(error.issues) || !error.issues.every((i) => typeof i?.path === 'string' && typeof i?.message === 'string')) return 'malformed issues';
  }
  return null;
}

const describeRequest = (method: string, path: string, caller: Caller, contentTypeValue: string | undefined, text: string | undefined) =>
  `${method} ${path.slice(0, 160)} as ${caller}${contentTypeValue ? ` [${contentTypeValue}]` : ''}${text === undefined ? '' : ` body ${JSON.stringify(text.slice(0, 160))}${text.length > 160 ? `… (${text.length} chars)` : ''}`}`;

export async function runFuzz(options: { runs: number; seed?: number }): Promise<FuzzReport> {
  const report: FuzzReport = { requests: 0, serverErrors: 0, badErrorFormat: 0, databaseChangedByRejected: 0, failures: [], byStatus: {} };
  const fail = (message: string) => {
    if (report.failures.length < 50) report.failures.push(message);
  };
  const recipes = fc.sample(recipe, { numRuns: options.runs, ...(options.seed === undefined ? {} : { seed: options.seed }) });
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort().join();
  // A fresh shop now and then: fuzzed admin calls may delete the very objects the others aim at.
  const shopLife = 300;
  let shop: SeededShop | null = null;
  let endpoints: Array<{ method: string; path: string }> = [];
  let shopWorn = false;
  try {
    for (const [n, r] of recipes.entries()) {
      if (!shop || n % shopLife === 0 || shopWorn) {
        shopWorn = false;
        await shop?.close();
        shop = await createSeededShop({ couponChecksPer15Min: 1_000_000, rateLimitPerEmail: 1_000_000 });
        endpoints = serverRoutes(shop.t.app.routes).map((key) => {
          const [method, path] = key.split(' ') as [string, string];
          return { method, path };
        });
      }
      const endpoint = endpoints[r.endpoint % endpoints.length]!;
      const row = routeTable.find((row) => routeKey(row.method, row.path) === routeKey(endpoint.method, endpoint.path));
      const role: Role = r.caller === 'forged' ? 'customerA' : r.caller;
      let valid: CellRequest | undefined;
      let worn = false;
      if (row && (r.body.kind === 'valid' || r.body.kind === 'mutated')) {
        try {
          valid = await row.request(shop, role);
        } catch {
          // Fuzzed admin calls deleted what the valid request needs (the product, a user): this
          // request goes without a valid base, and the next one gets a fresh shop.
          worn = true;
        }
      }

      shopWorn = worn;
      const method = r.otherMethod ?? endpoint.method;
      let path = fillPath(endpoint.path, shop, r.params);
      if (r.query) path += `?${r.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`;
      else if (valid && valid.path.includes('?') && !endpoint.path.includes(':')) path = valid.path;

      const headers: Record<string, string> = { ...(valid?.headers ?? {}) };
      const token = shop.tokens[role];
      if (r.caller === 'forged') headers.authorization = `Bearer ${token?.slice(0, -4)}AAAA`;
      else if (token) headers.authorization = `Bearer ${token}`;
      for (const [name, value] of r.extraHeaders ?? []) headers[name] = name === 'cookie' && value === 'shop_session=abc' ? `shop_session=${shop.tokens.customerA}` : value;
      if (r.idempotencyKey !== null) headers['idempotency-key'] = r.idempotencyKey.replace(/[\r\n\0]/g, '');
      let text = method === 'GET' || method === 'HEAD' ? undefined : bodyText(r.body, valid?.body);
      if (r.contentType !== 'none' && text !== undefined) headers['content-type'] = r.contentType;
      if (text !== undefined && text.length > 2_000_000) text = text.slice(0, 2_000_000);

      const before = await dumpDatabase(shop.t.database, { skipTables: limitCounters });
      // Fuzzed admin calls may give A or B a role: what counts is the caller's role now.
      const callerRole = r.caller === 'visitor' || r.caller === 'forged' ? 'visitor' : String(await shop.t.value('select role from users where id = ?', shop.users[r.caller]._id));
      const callerIsAdmin = callerRole === 'admin';
      const privilegedBefore = callerIsAdmin ? '' : await privileged(shop, callerRole);
      const what = describeRequest(method, path, r.caller, headers['content-type'], text);
      let status: number;
      let responseText: string;
      try {
        const res = await shop.t.app.request(path, { method, headers, ...(text === undefined ? {} : { body: text }) });
        status = res.status;
        responseText = await bodyOf(res);
      } catch (e) {
        report.requests++;
        report.serverErrors++;
        fail(`threw ${(e as Error).message}: ${what}`);
        continue;
      }
      report.requests++;
      const code = status >= 400 && status < 500 ? /"code":"([^"]+)"/.exec(responseText)?.[1] : undefined;
      const bucket = code ? `${status} ${code}` : String(status);
      report.byStatus[bucket] = (report.byStatus[bucket] ?? 0) + 1;
      if (status >= 500) {
        report.serverErrors++;
        fail(`${status}: ${what} -> ${responseText.slice(0, 200)}`);
      }
      if (status >= 400 && status < 500) {
        if (path.startsWith('/api') && method !== 'HEAD') {
          const problem = checkErrorFormat(status, responseText);
          if (problem) {
            report.badErrorFormat++;
            fail(`bad error format (${status}, ${problem}): ${what}`);
          }
        }
        const after = await dumpDatabase(shop.t.database, { skipTables: limitCounters });
        if (after !== before) {
          report.databaseChangedByRejected++;
          fail(`database changed by a ${status}: ${what}; ${firstDifference(before, after)}`);
        }
      }
      if (!callerIsAdmin && (await privileged(shop, callerRole)) !== privilegedBefore) fail(`a ${r.caller} (${callerRole}) changed what only an admin may (${status}): ${what}`);
      if (Object.getOwnPropertyNames(Object.prototype).sort().join() !== prototypeKeys || ({} as Record<string, unknown>)['polluted'] !== undefined) {
        fail(`Object.prototype polluted by: ${what}`);
      }
    }
  } finally {
    await shop?.close();
  }
  return report;
}
