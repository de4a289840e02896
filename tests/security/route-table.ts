import { call } from '../support/http.js';
import { checkoutForm, pngForm, productBody, uniqueName, type Role, type SeededShop } from './shop.js';

/**
 * The written authorization table: for every route the server registers, what each caller gets.
 * A status, or a status class ('2xx'). The request of each cell is valid for its route (so the
 * outcome is the authorization's, not the validation's) and names real objects: A's cart line,
 * A's order, a real product, the coupon code, A's email. A cell that uses an object up (a delete,
 * a status change) gets a fresh one.
 *
 * Ownership, as the server does it today: another customer's cart line or order is 404 (it is not
 * theirs to know about); another customer's email in a path or query is 403.
 */
export type Outcome = number | '2xx';
export type Expectation = Record<Role, Outcome>;
export type CellRequest = {
  path: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
};
export type RouteRow = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** As in app.routes, with `:param{regex}` shortened to `:param`. */
  path: string;
  expect: Expectation;
  /** Which identity provider registers the route (default: both). */
  provider?: 'local' | 'firebase';
  request: (shop: SeededShop, role: Role) => CellRequest | Promise<CellRequest>;
  why?: string;
};

/** An order the desk takes for a caller without an account (issue 36): one of the demo products, its first variant in stock. */
const staffOrder = (s: SeededShop) => ({
  customer: { name: 'Caller Without Account', phone: '01912345670', address: 'House 1, Road 1' },
  lines: [{ productId: s.productId, quantity: 1 }],
  deliveryLocation: 'Outside Dhaka',
  channel: 'phone',
});

const everyone = (o: Outcome): Expectation => ({ visitor: o, customerA: o, customerB: o, admin: o });
const signedIn = (o: Outcome): Expectation => ({ visitor: 401, customerA: o, customerB: o, admin: o });
const adminOnly = (o: Outcome): Expectation => ({ visitor: 401, customerA: 403, customerB: 403, admin: o });
const sameOrigin = { origin: 'http://shop.test', host: 'shop.test' };

export const routeTable: RouteRow[] = [
  // Platform
  { method: 'GET', path: '/api/health', expect: everyone(200), request: () => ({ path: '/api/health' }) },
  { method: 'GET', path: '/api/config', expect: everyone(200), request: () => ({ path: '/api/config' }) },
  { method: 'GET', path: '/api/openapi.json', expect: everyone(200), request: () => ({ path: '/api/openapi.json' }) },
  { method: 'GET', path: '/api/docs', expect: everyone(200), request: () => ({ path: '/api/docs' }) },
  { method: 'GET', path: '/api/docs/:file', expect: everyone(200), request: () => ({ path: '/api/docs/start.js' }) },

  // Identity
  {
    method: 'POST',
    path: '/api/auth/signup',
    provider: 'local',
    expect: everyone(201),
    why: 'Anyone may sign up; the new account is always a customer (role in the body is ignored).',
    request: () => ({ path: '/api/auth/signup', body: { name: 'New Person', email: `${uniqueName('new')}@example.com`, password: 'Sakura#2026', role: 'admin' } }),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    provider: 'local',
    expect: everyone(200),
    request: (s) => ({ path: '/api/auth/login', body: { email: s.users.customerA.email, password: s.password } }),
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    provider: 'local',
    expect: everyone(200),
    request: (s) => ({ path: '/api/auth/password-reset', body: { email: s.users.customerA.email } }),
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    provider: 'local',
    expect: everyone(200),
    why: 'The emailed token is the credential, whoever sends it.',
    request: async (s) => ({ path: '/api/auth/password-reset/confirm', body: { token: await s.fresh.resetToken(), password: 'Fresh#Pass2026' } }),
  },
  {
    method: 'POST',
    path: '/api/jwt',
    provider: 'firebase',
    expect: everyone(401),
    why: 'Only a Firebase ID token buys a session: an email in the body, or a shop session token, is refused.',
    request: (s) => ({ path: '/api/jwt', body: { email: s.users.admin.email } }),
  },
  { method: 'GET', path: '/api/auth/me', expect: signedIn(200), request: () => ({ path: '/api/auth/me' }) },
  {
    method: 'POST',
    path: '/api/users',
    expect: { visitor: 401, customerA: 200, customerB: 403, admin: 403 },
    why: "A profile for A's email: only A's token may create it (it exists already: 200, insertedId null).",
    request: (s) => ({ path: '/api/users', body: { name: 'Customer A', email: s.users.customerA.email } }),
  },
  { method: 'GET', path: '/api/users', expect: adminOnly(200), request: () => ({ path: '/api/users?limit=5&offset=0' }) },
  {
    method: 'GET',
    path: '/api/users/admin/:email',
    expect: { visitor: 401, customerA: 200, customerB: 403, admin: 200 },
    why: "A's email in the path: A and admins may ask; B gets 403.",
    request: (s) => ({ path: `/api/users/admin/${encodeURIComponent(s.users.customerA.email)}` }),
  },
  {
    method: 'PATCH',
    path: '/api/users/admin/:id',
    expect: adminOnly(200),
    request: async (s) => ({ path: `/api/users/admin/${(await s.fresh.user())._id}` }),
  },
  {
    method: 'DELETE',
    path: '/api/users/:id',
    expect: adminOnly(200),
    request: async (s) => ({ path: `/api/users/${(await s.fresh.user())._id}` }),
  },
  { method: 'POST', path: '/api/session', expect: signedIn(204), request: () => ({ path: '/api/session', headers: sameOrigin }) },
  { method: 'DELETE', path: '/api/session', expect: signedIn(204), request: () => ({ path: '/api/session', headers: sameOrigin }) },

  // Catalogue
  { method: 'GET', path: '/api/categories', expect: everyone(200), request: () => ({ path: '/api/categories' }) },
  {
    method: 'POST',
    path: '/api/categories',
    expect: adminOnly(201),
    request: () => ({ path: '/api/categories', body: { category: uniqueName('Category ') } }),
  },
  { method: 'GET', path: '/api/products', expect: everyone(200), request: () => ({ path: '/api/products?category=Figures&limit=5' }) },
  { method: 'GET', path: '/api/products/:id', expect: everyone(200), request: (s) => ({ path: `/api/products/${s.productId}` }) },
  { method: 'POST', path: '/api/products', expect: adminOnly(201), request: () => ({ path: '/api/products', body: productBody(uniqueName('New ')) }) },
  {
    method: 'PATCH',
    path: '/api/products/:id',
    expect: adminOnly(200),
    request: async (s) => ({ path: `/api/products/${await s.fresh.product()}`, body: { ...productBody('Renamed'), price: 1 } }),
  },
  { method: 'DELETE', path: '/api/products/:id', expect: adminOnly(200), request: async (s) => ({ path: `/api/products/${await s.fresh.product()}` }) },
  { method: 'POST', path: '/api/images', expect: adminOnly(201), request: async () => ({ path: '/api/images', form: await pngForm() }) },
  { method: 'GET', path: '/uploads/:name', expect: everyone(200), request: (s) => ({ path: `/uploads/${s.uploadName}` }) },
  // Crawlers' files (issue 21, decision 042); the pages themselves are the web app's (no web app in these tests).
  { method: 'GET', path: '/robots.txt', expect: everyone(200), request: () => ({ path: '/robots.txt' }) },
  { method: 'GET', path: '/sitemap.xml', expect: everyone(200), request: () => ({ path: '/sitemap.xml' }) },
  { method: 'GET', path: '/:file', expect: everyone(200), why: 'A file of a large sitemap: sitemap-categories-<n>.xml or sitemap-products-<n>.xml.', request: () => ({ path: '/sitemap-categories-1.xml' }) },

  // Promotions
  { method: 'GET', path: '/api/sliders', expect: everyone(200), request: () => ({ path: '/api/sliders' }) },
  { method: 'POST', path: '/api/sliders', expect: adminOnly(201), request: () => ({ path: '/api/sliders', body: { image: 'https://img.test/new-banner.webp' } }) },
  { method: 'DELETE', path: '/api/sliders/:id', expect: adminOnly(200), request: async (s) => ({ path: `/api/sliders/${await s.fresh.slider()}` }) },
  { method: 'GET', path: '/api/coupons', expect: adminOnly(200), request: () => ({ path: '/api/coupons?limit=5' }) },
  {
    method: 'POST',
    path: '/api/coupons',
    expect: adminOnly(201),
    request: () => ({ path: '/api/coupons', body: { code: uniqueName('NEW').toUpperCase(), discountPercent: 15 } }),
  },
  { method: 'DELETE', path: '/api/coupons/:id', expect: adminOnly(200), request: async (s) => ({ path: `/api/coupons/${await s.fresh.coupon()}` }) },
  { method: 'GET', path: '/api/coupon/:code', expect: signedIn(200), request: (s) => ({ path: `/api/coupon/${s.couponCode.toLowerCase()}` }) },

  // Cart
  {
    method: 'GET',
    path: '/api/carts',
    expect: { visitor: 401, customerA: 200, customerB: 403, admin: 403 },
    why: "A's email in the query: only A. Not even an admin reads a customer's cart.",
    request: (s) => ({ path: `/api/carts?email=${encodeURIComponent(s.users.customerA.email)}` }),
  },
  {
    method: 'POST',
    path: '/api/carts',
    expect: signedIn('2xx'),
    why: 'Each caller adds to their own cart (201 new line, 200 merged).',
    request: (s) => ({ path: '/api/carts', body: { productId: s.productId, quantity: 1, size: '', color: '' } }),
  },
  {
    method: 'PATCH',
    path: '/api/carts/:id',
    expect: { visitor: 401, customerA: 200, customerB: 404, admin: 404 },
    why: "A's cart line: only A changes its quantity; to anyone else it does not exist.",
    request: async (s) => ({ path: `/api/carts/${await s.fresh.cartLineOfA()}`, body: { quantity: 1 } }),
  },
  {
    method: 'DELETE',
    path: '/api/carts/:id',
    expect: { visitor: 401, customerA: 200, customerB: 404, admin: 404 },
    why: "A's cart line: only A removes it; to anyone else it does not exist.",
    request: async (s) => ({ path: `/api/carts/${await s.fresh.cartLineOfA()}` }),
  },

  // Ordering
  {
    method: 'POST',
    path: '/api/orders',
    expect: signedIn(201),
    request: (s) => ({ path: '/api/orders', body: { ...checkoutForm, items: [{ productId: s.productId, quantity: 1 }] } }),
  },
  {
    method: 'GET',
    path: '/api/orders',
    expect: { visitor: 401, customerA: 200, customerB: 403, admin: 403 },
    why: "A's email in the query: only A (admins use /api/allOrders).",
    request: (s) => ({ path: `/api/orders?email=${encodeURIComponent(s.users.customerA.email)}&limit=5&offset=0` }),
  },
  { method: 'GET', path: '/api/allOrders', expect: adminOnly(200), request: () => ({ path: '/api/allOrders?limit=5&offset=0' }) },
  {
    method: 'GET',
    path: '/api/orders/export.csv',
    expect: adminOnly(200),
    why: "Every customer's name, phone and address in one file: the admins' desk only.",
    request: () => ({ path: '/api/orders/export.csv?status=Pending' }),
  },
  {
    method: 'PATCH',
    path: '/api/orders/:id',
    expect: adminOnly(200),
    why: "Only an admin confirms or cancels; not even the owner sets a status.",
    request: async (s) => ({ path: `/api/orders/${await s.fresh.orderOfA()}`, body: { status: 'Confirmed' } }),
  },
  {
    method: 'DELETE',
    path: '/api/orders/:id',
    expect: { visitor: 401, customerA: 200, customerB: 404, admin: 200 },
    why: "A cancels A's Pending order; an admin deletes it; to B it does not exist.",
    request: async (s) => ({ path: `/api/orders/${await s.fresh.orderOfA()}` }),
  },
  {
    method: 'GET',
    path: '/api/orders/:id',
    expect: { visitor: 401, customerA: 200, customerB: 404, admin: 200 },
    why: "A's order: A and admins (with the phone's history) see it; to B it does not exist.",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}` }),
  },
  {
    method: 'GET',
    path: '/api/orders/:id/events',
    expect: { visitor: 401, customerA: 200, customerB: 404, admin: 200 },
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/events?limit=5` }),
  },
  {
    method: 'GET',
    path: '/api/orders/:id/messages',
    expect: adminOnly(200),
    why: "The SMS and emails about an order carry the customer's phone, email and address: the admins' order page only.",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/messages?limit=5` }),
  },
  {
    method: 'GET',
    path: '/api/orders/:id/invoice.pdf',
    expect: { visitor: 401, customerA: 200, customerB: 404, admin: 200 },
    why: "A's invoice: A and admins print it; to B the order does not exist (like GET /api/orders/:id).",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/invoice.pdf` }),
  },
  {
    method: 'GET',
    path: '/api/orders/packing-slips.pdf',
    expect: adminOnly(200),
    why: "Packing slips carry the customers' names, phones and addresses: for the admins who pack.",
    request: (s) => ({ path: `/api/orders/packing-slips.pdf?ids=${s.orderOfA}` }),
  },
  { method: 'GET', path: '/api/audit', expect: adminOnly(200), request: () => ({ path: '/api/audit?limit=5&offset=0' }) },

  // The phone blocklist (issue 16): numbers of their own, never the checkout form's.
  {
    method: 'POST',
    path: '/api/phone-codes',
    expect: signedIn(409),
    why: 'CHECKOUT_OTP is off in this shop: signed-in callers are told so (tests/api/phone-codes.test.ts turns it on).',
    request: () => ({ path: '/api/phone-codes', body: { phone: '01712345678' } }),
  },
  {
    method: 'POST',
    path: '/api/phone-codes/verify',
    expect: signedIn(409),
    why: 'CHECKOUT_OTP is off in this shop: signed-in callers are told so (tests/api/phone-codes.test.ts turns it on).',
    request: () => ({ path: '/api/phone-codes/verify', body: { phone: '01712345678', code: '123456' } }),
  },
  { method: 'GET', path: '/api/blocked-phones', expect: adminOnly(200), request: () => ({ path: '/api/blocked-phones?limit=5&offset=0' }) },
  { method: 'POST', path: '/api/blocked-phones', expect: adminOnly(201), request: () => ({ path: '/api/blocked-phones', body: { phone: blocklistPhone(), reason: 'Prank orders' } }) },
  {
    method: 'DELETE',
    path: '/api/blocked-phones/:phone',
    expect: adminOnly(200),
    request: async (s) => {
      const phone = blocklistPhone();
      const res = await call(s.t, 'POST', '/api/blocked-phones', { token: s.tokens.admin, body: { phone, reason: 'Prank orders' } });
      if (res.status !== 201) throw new Error(`blocking ${phone}: ${res.status}`);
      return { path: `/api/blocked-phones/${phone}` };
    },
  },
  // The admins' sales figures (issue 17).
  { method: 'GET', path: '/api/stats/sales', expect: adminOnly(200), request: () => ({ path: '/api/stats/sales?bucket=week' }) },
  { method: 'GET', path: '/api/stats/summary', expect: adminOnly(200), request: () => ({ path: '/api/stats/summary' }) },
  { method: 'GET', path: '/api/stats/sms', expect: adminOnly(200), request: () => ({ path: '/api/stats/sms' }) },
  { method: 'GET', path: '/api/stats/top-products', expect: adminOnly(200), request: () => ({ path: '/api/stats/top-products?limit=5' }) },

  // Delivery (issue 34). No courier is set up in this shop, and A's order is Pending: the admin's
  // cells that would reach a courier or a parcel answer 409, after the guard let them through.
  {
    method: 'POST',
    path: '/api/shipments',
    expect: adminOnly(409),
    why: "Books parcels on the shop's courier accounts: admins only (409 delivery/courier-not-configured here).",
    request: (s) => ({ path: '/api/shipments', body: { orderIds: [s.orderOfA], courier: 'steadfast' } }),
  },
  { method: 'GET', path: '/api/shipments/couriers', expect: adminOnly(200), request: () => ({ path: '/api/shipments/couriers' }) },
  { method: 'GET', path: '/api/shipments/unsettled', expect: adminOnly(200), request: () => ({ path: '/api/shipments/unsettled?courier=steadfast&limit=5' }) },
  {
    method: 'POST',
    path: '/api/shipments/payouts',
    expect: adminOnly(200),
    why: "Records the couriers' payouts in the order log: admins only (A's order has no parcel: nothing is settled).",
    request: (s) => ({ path: '/api/shipments/payouts', body: { courier: 'steadfast', reference: 'PAY-1', parcels: [{ orderId: s.orderOfA }] } }),
  },
  { method: 'GET', path: '/api/orders/:id/bookings', expect: adminOnly(200), request: (s) => ({ path: `/api/orders/${s.orderOfA}/bookings?limit=5` }) },
  {
    method: 'POST',
    path: '/api/orders/:id/parcel',
    expect: adminOnly(409),
    why: "Not even the owner books a parcel; A's order is Pending (409 ordering/illegal-transition).",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/parcel`, body: { courier: 'steadfast', consignmentId: 'C1', trackingCode: 'T1' } }),
  },
  { method: 'POST', path: '/api/orders/:id/parcel/refresh', expect: adminOnly(409), request: (s) => ({ path: `/api/orders/${s.orderOfA}/parcel/refresh` }) },
  { method: 'POST', path: '/api/orders/:id/parcel/cancel', expect: adminOnly(409), request: (s) => ({ path: `/api/orders/${s.orderOfA}/parcel/cancel`, body: {} }) },
  {
    method: 'POST',
    path: '/api/orders/:id/parcel/receive',
    expect: adminOnly(409),
    why: 'Receiving a return gives stock back: admins only.',
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/parcel/receive`, body: {} }),
  },
  { method: 'GET', path: '/api/stats/courier-cash', expect: adminOnly(200), request: () => ({ path: '/api/stats/courier-cash' }) },
  { method: 'GET', path: '/api/stats/courier-cash.csv', expect: adminOnly(200), request: () => ({ path: '/api/stats/courier-cash.csv' }) },
  {
    method: 'GET',
    path: '/api/track',
    expect: everyone(200),
    why: 'Public: the order number and the phone it was placed with are the key; a mismatch is a 404 that tells nothing (tests/api/delivery.test.ts).',
    request: async (s) => ({ path: `/api/track?order=${String(await s.t.value('select order_number from orders where id = ?', s.orderOfA))}&phone=${encodeURIComponent(checkoutForm.phone)}` }),
  },
  { method: 'GET', path: '/api/areas', expect: everyone(200), request: () => ({ path: '/api/areas' }) },

  // Advance payments and the delivery record (issue 35). bKash is not set up in this shop and A's
  // order asks no advance.
  {
    method: 'PATCH',
    path: '/api/orders/:id/lines',
    expect: adminOnly(200),
    why: "Changes an order at its customer's request (issue 36): the shop's, not the customer's; A's order is Pending, its address changes.",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/lines`, body: { reason: 'The customer called', address: 'House 9, Road 12' } }),
  },
  // Orders taken by the staff for a person without an account (issue 36): the shop's, by permission
  // (orders.take, customers.read) once roles come; admins today.
  {
    method: 'POST',
    path: '/api/orders/staff',
    expect: adminOnly(201),
    why: "Takes an order for the person on the phone, owned by their phone's customer record: the shop's, never a customer's (a customer would place orders in someone else's name).",
    request: (s) => ({ path: '/api/orders/staff', body: staffOrder(s) }),
  },
  {
    method: 'POST',
    path: '/api/orders/staff/quote',
    expect: adminOnly(200),
    why: "Prices a staff order with the shop's discount limits: the shop's.",
    request: (s) => ({ path: '/api/orders/staff/quote', body: staffOrder(s) }),
  },
  {
    method: 'GET',
    path: '/api/customers',
    expect: adminOnly(200),
    why: "A phone's customer record and its orders: the desk's, never another customer's business.",
    request: () => ({ path: `/api/customers?phone=${encodeURIComponent(checkoutForm.phone)}` }),
  },
  {
    method: 'GET',
    path: '/api/checkout/advance',
    expect: signedIn(200),
    why: "What checkout shows before confirming: the advance this phone would be asked (none here); a signed-in shopper's.",
    request: () => ({ path: `/api/checkout/advance?phone=${encodeURIComponent(checkoutForm.phone)}&subtotal=1000&deliveryLocation=Inside%20Dhaka` }),
  },
  {
    method: 'GET',
    path: '/api/orders/:id/payment',
    expect: { visitor: 401, customerA: 404, customerB: 404, admin: 404 },
    why: "An order's advance payment, for its owner and admins; A's order asks none, and to B it does not exist.",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/payment` }),
  },
  {
    method: 'POST',
    path: '/api/orders/:id/payment',
    expect: { visitor: 401, customerA: 409, customerB: 404, admin: 404 },
    why: "Only the owner sends an order to bKash (409 payments/not-configured here); to anyone else it does not exist.",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/payment` }),
  },
  {
    method: 'POST',
    path: '/api/orders/:id/refund',
    expect: adminOnly(409),
    why: "Refunds money from the shop's bKash account: admins only (409 payments/not-configured here).",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/refund`, body: { reason: 'Canceled' } }),
  },
  {
    method: 'GET',
    path: '/api/orders/:id/record',
    expect: adminOnly(200),
    why: "A phone's delivery record at the couriers is the desk's advice, not the shopper's.",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/record` }),
  },
  {
    method: 'GET',
    path: '/api/payments/bkash/callback',
    expect: everyone(302),
    why: 'Where bKash sends the shopper back: public, believes nothing of its query (the shop asks bKash), always a redirect to the pay page.',
    request: () => ({ path: '/api/payments/bkash/callback?paymentID=TR0011XYZ&status=success' }),
  },
  {
    method: 'POST',
    path: '/api/couriers/:courier/webhook',
    expect: everyone(404),
    why: "Public (couriers call it, authenticated by their token or signature); no courier is set up here, so there is nothing to call.",
    request: () => ({ path: '/api/couriers/steadfast/webhook', body: { notification_type: 'delivery_status', consignment_id: 1, status: 'delivered' } }),
  },
];

let blocklisted = 0;
/** A number no other cell has blocked. */
const blocklistPhone = () => `01913${String(++blocklisted).padStart(6, '0')}`;

export const routeKey = (method: string, path: string) => `${method} ${path}`;

/** `:name{regex}` -> `:name`, so the table reads like the code. */
export const shortPath = (path: string) => path.replace(/:(\w+)\{(?:[^{}]|\{[^{}]*\})*\}/g, ':$1');

/**
 * The server's own routes: every registered handler of app.routes, by method and path. Left
 * out are the `ALL` entries (middleware registered with app.use, and the JSON 404 catch-all of
 * /api/* and the static fallback of /uploads/*): they answer every method, so they are not routes
 * of their own; the fuzzing still reaches them.
 */
export function serverRoutes(routes: ReadonlyArray<{ method: string; path: string }>): string[] {
  const keys = new Set<string>();
  for (const r of routes) {
    if (r.method === 'ALL') continue;
    keys.add(routeKey(r.method, shortPath(r.path)));
  }
  return [...keys].sort();
}

export const tableRoutes = (provider: 'local' | 'firebase') =>
  routeTable.filter((r) => !r.provider || r.provider === provider).map((r) => routeKey(r.method, r.path)).sort();
