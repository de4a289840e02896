import { call } from '../support/http.js';
import { checkoutForm, pngForm, productBody, roles, staffCallers, uniqueName, type Role, type SeededShop, type StaffCaller } from './shop.js';

/**
 * The written authorization table: for every route the server registers, what each caller gets.
 * A status, or a status class ('2xx'). The request of each cell is valid for its route (so the
 * outcome is the authorization's, not the validation's) and names real objects: A's cart line,
 * A's order, a real product, the coupon code, A's email. A cell that uses an object up (a delete,
 * a status change) gets a fresh one.
 *
 * Ownership, as the server does it today: another customer's cart line or order is 404 (it is not
 * theirs to know about); another customer's email in a path or query is 403.
 *
 * The staff (issue 36), in the issue's words, each cell written by role name (never read from
 * src/shared/permissions.ts, so that a wrong grant there fails here):
 * - admin: everything;
 * - desk: orders (reading, confirming, canceling, editing, deleting, blocking phones), customers'
 *   records, messages, phone orders, courier bookings; no catalogue, users or sales figures;
 * - packing: Confirmed orders without prices, packing slips, courier bookings;
 * - catalogue: products, categories, pictures, banners, coupons;
 * - auditor: read-only: the order log (GET /api/audit, orders and their events) and the sales report.
 * Each of them is a signed-in user too: their own cart and their own orders, like any customer; an
 * order that is not theirs and that their role does not read is 404 to them, as to customer B.
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

const everyone = (o: Outcome): Expectation => ({ visitor: o, customerA: o, customerB: o, admin: o, desk: o, packing: o, catalogue: o, auditor: o });
/** Any signed-in caller, the staff included (their own cart, their own orders). */
const signedIn = (o: Outcome): Expectation => ({ ...everyone(o), visitor: 401 });
/**
 * A route of the staff: the roles named (the admin too is named) get `o`; the other roles and the
 * customers 403; a visitor 401.
 */
const staff = (o: Outcome, ...may: StaffCaller[]): Expectation => ({
  visitor: 401,
  customerA: 403,
  customerB: 403,
  ...(Object.fromEntries(staffCallers.map((role) => [role, may.includes(role) ? o : 403])) as Record<StaffCaller, Outcome>),
});
/** Something of A's named in the request (A's email, cart line): A gets `o`, every other signed-in caller `others`. */
const onlyA = (o: Outcome, others: Outcome): Expectation => ({ ...signedIn(others), customerA: o });
/**
 * A's order, read: A and the roles named (those who read every order) get `o`; anyone else
 * signed in 404 (the order does not exist for them).
 */
const orderOfA = (o: Outcome, ...readers: StaffCaller[]): Expectation => ({
  ...onlyA(o, 404),
  ...(Object.fromEntries(readers.map((role) => [role, o])) as Partial<Record<StaffCaller, Outcome>>),
});
const sameOrigin = { origin: 'http://shop.test', host: 'shop.test' };

export const routeTable: RouteRow[] = [
  // Platform
  { method: 'GET', path: '/api/health', expect: everyone(200), request: () => ({ path: '/api/health' }) },
  { method: 'GET', path: '/api/config', expect: everyone(200), request: () => ({ path: '/api/config' }) },
  // The process manager's probes (issue 38): public, outside /api.
  { method: 'GET', path: '/healthz', expect: everyone(200), request: () => ({ path: '/healthz' }) },
  { method: 'GET', path: '/readyz', expect: everyone(200), request: () => ({ path: '/readyz' }) },
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
    expect: onlyA(200, 403),
    why: "A profile for A's email: only A's token may create it (it exists already: 200, insertedId null); a role does not make another's email one's own.",
    request: (s) => ({ path: '/api/users', body: { name: 'Customer A', email: s.users.customerA.email } }),
  },
  { method: 'GET', path: '/api/users', expect: staff(200, 'admin'), why: 'Users and their roles: the admin only (not the desk, not the auditor).', request: () => ({ path: '/api/users?limit=5&offset=0' }) },
  {
    method: 'GET',
    path: '/api/users/admin/:email',
    expect: { ...onlyA(200, 403), admin: 200 },
    why: "A's email in the path: A and admins may ask; B, and staff who do not manage users, get 403.",
    request: (s) => ({ path: `/api/users/admin/${encodeURIComponent(s.users.customerA.email)}` }),
  },
  {
    method: 'PATCH',
    path: '/api/users/admin/:id',
    expect: staff(200, 'admin'),
    request: async (s) => ({ path: `/api/users/admin/${(await s.fresh.user())._id}` }),
  },
  {
    method: 'DELETE',
    path: '/api/users/:id',
    expect: staff(200, 'admin'),
    request: async (s) => ({ path: `/api/users/${(await s.fresh.user())._id}` }),
  },
  {
    method: 'PATCH',
    path: '/api/users/:id/role',
    expect: staff(200, 'admin'),
    why: 'Giving a role (issue 36): the admin only; a desk person cannot make anyone a packer, nor themselves an admin.',
    request: async (s) => ({ path: `/api/users/${(await s.fresh.user())._id}/role`, body: { role: 'packing' } }),
  },
  { method: 'POST', path: '/api/session', expect: signedIn(204), request: () => ({ path: '/api/session', headers: sameOrigin }) },
  { method: 'DELETE', path: '/api/session', expect: signedIn(204), request: () => ({ path: '/api/session', headers: sameOrigin }) },

  // Catalogue
  { method: 'GET', path: '/api/categories', expect: everyone(200), request: () => ({ path: '/api/categories' }) },
  {
    method: 'POST',
    path: '/api/categories',
    expect: staff(201, 'admin', 'catalogue'),
    request: () => ({ path: '/api/categories', body: { category: uniqueName('Category ') } }),
  },
  { method: 'GET', path: '/api/products', expect: everyone(200), request: () => ({ path: '/api/products?category=Figures&limit=5' }) },
  { method: 'GET', path: '/api/products/:id', expect: everyone(200), request: (s) => ({ path: `/api/products/${s.productId}` }) },
  { method: 'POST', path: '/api/products', expect: staff(201, 'admin', 'catalogue'), request: () => ({ path: '/api/products', body: productBody(uniqueName('New ')) }) },
  {
    method: 'PATCH',
    path: '/api/products/:id',
    expect: staff(200, 'admin', 'catalogue'),
    request: async (s) => ({ path: `/api/products/${await s.fresh.product()}`, body: { ...productBody('Renamed'), price: 1 } }),
  },
  { method: 'DELETE', path: '/api/products/:id', expect: staff(200, 'admin', 'catalogue'), request: async (s) => ({ path: `/api/products/${await s.fresh.product()}` }) },
  { method: 'POST', path: '/api/images', expect: staff(201, 'admin', 'catalogue'), why: "The catalogue's pictures.", request: async () => ({ path: '/api/images', form: await pngForm() }) },
  { method: 'GET', path: '/uploads/:name', expect: everyone(200), request: (s) => ({ path: `/uploads/${s.uploadName}` }) },
  // Crawlers' files (issue 21, decision 042); the pages themselves are the web app's (no web app in these tests).
  { method: 'GET', path: '/robots.txt', expect: everyone(200), request: () => ({ path: '/robots.txt' }) },
  { method: 'GET', path: '/sitemap.xml', expect: everyone(200), request: () => ({ path: '/sitemap.xml' }) },
  { method: 'GET', path: '/:file', expect: everyone(200), why: 'A file of a large sitemap: sitemap-categories-<n>.xml or sitemap-products-<n>.xml.', request: () => ({ path: '/sitemap-categories-1.xml' }) },

  // Promotions
  { method: 'GET', path: '/api/sliders', expect: everyone(200), request: () => ({ path: '/api/sliders' }) },
  { method: 'POST', path: '/api/sliders', expect: staff(201, 'admin', 'catalogue'), why: 'Banners are the shop window: the catalogue people.', request: () => ({ path: '/api/sliders', body: { image: 'https://img.test/new-banner.webp' } }) },
  { method: 'DELETE', path: '/api/sliders/:id', expect: staff(200, 'admin', 'catalogue'), request: async (s) => ({ path: `/api/sliders/${await s.fresh.slider()}` }) },
  { method: 'GET', path: '/api/coupons', expect: staff(200, 'admin', 'catalogue'), request: () => ({ path: '/api/coupons?limit=5' }) },
  {
    method: 'POST',
    path: '/api/coupons',
    expect: staff(201, 'admin', 'catalogue'),
    request: () => ({ path: '/api/coupons', body: { code: uniqueName('NEW').toUpperCase(), discountPercent: 15 } }),
  },
  { method: 'DELETE', path: '/api/coupons/:id', expect: staff(200, 'admin', 'catalogue'), request: async (s) => ({ path: `/api/coupons/${await s.fresh.coupon()}` }) },
  { method: 'GET', path: '/api/coupon/:code', expect: signedIn(200), request: (s) => ({ path: `/api/coupon/${s.couponCode.toLowerCase()}` }) },

  // Cart
  {
    method: 'GET',
    path: '/api/carts',
    expect: onlyA(200, 403),
    why: "A's email in the query: only A. No role of the staff, not even the admin, reads a customer's cart.",
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
    expect: onlyA(200, 404),
    why: "A's cart line: only A changes its quantity; to anyone else, staff included, it does not exist.",
    request: async (s) => ({ path: `/api/carts/${await s.fresh.cartLineOfA()}`, body: { quantity: 1 } }),
  },
  {
    method: 'DELETE',
    path: '/api/carts/:id',
    expect: onlyA(200, 404),
    why: "A's cart line: only A removes it; to anyone else, staff included, it does not exist.",
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
    expect: onlyA(200, 403),
    why: "A's email in the query: only A (the staff who read orders use /api/allOrders).",
    request: (s) => ({ path: `/api/orders?email=${encodeURIComponent(s.users.customerA.email)}&limit=5&offset=0` }),
  },
  {
    method: 'GET',
    path: '/api/allOrders',
    expect: staff(200, 'admin', 'desk', 'auditor'),
    why: 'Every order with its prices: the desk and the auditor read them; those who pack read /api/packing/orders (no prices).',
    request: () => ({ path: '/api/allOrders?limit=5&offset=0' }),
  },
  {
    method: 'GET',
    path: '/api/packing/orders',
    expect: staff(200, 'admin', 'desk', 'packing'),
    why: "The Confirmed orders to pack, without prices (issue 36): those who pack; the auditor reads the orders themselves.",
    request: () => ({ path: '/api/packing/orders?limit=5&offset=0' }),
  },
  {
    method: 'GET',
    path: '/api/orders/export.csv',
    expect: staff(200, 'admin', 'desk', 'auditor'),
    why: "Every customer's name, phone and address in one file, with prices: those who read every order (not packing, not catalogue).",
    request: () => ({ path: '/api/orders/export.csv?status=Pending' }),
  },
  {
    method: 'PATCH',
    path: '/api/orders/:id',
    expect: staff(200, 'admin', 'desk'),
    why: 'The desk confirms or cancels; not the owner, not the auditor (read only), not those who pack.',
    request: async (s) => ({ path: `/api/orders/${await s.fresh.orderOfA()}`, body: { status: 'Confirmed' } }),
  },
  {
    method: 'DELETE',
    path: '/api/orders/:id',
    expect: { ...orderOfA(200, 'admin', 'desk'), auditor: 403 },
    why: "A cancels A's Pending order; the admin or the desk deletes it; the auditor sees it but changes nothing (403); to B, packing and catalogue it does not exist.",
    request: async (s) => ({ path: `/api/orders/${await s.fresh.orderOfA()}` }),
  },
  {
    method: 'GET',
    path: '/api/orders/:id',
    expect: orderOfA(200, 'admin', 'desk', 'auditor'),
    why: "A's order, prices and all: A, and staff who read every order (with the phone's history); to B, packing and catalogue it does not exist.",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}` }),
  },
  {
    method: 'GET',
    path: '/api/orders/:id/events',
    expect: orderOfA(200, 'admin', 'desk', 'auditor'),
    why: "The order's log: its owner, the desk and the auditor; not those who pack (prices), not catalogue.",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/events?limit=5` }),
  },
  {
    method: 'GET',
    path: '/api/orders/:id/messages',
    expect: staff(200, 'admin', 'desk'),
    why: "The SMS and emails sent about an order (the customer's phone, email and address): the desk's, not the auditor's.",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/messages?limit=5` }),
  },
  {
    method: 'GET',
    path: '/api/orders/:id/invoice.pdf',
    expect: orderOfA(200, 'admin', 'desk', 'auditor'),
    why: "A's invoice (its prices): A, and staff who read every order; to B, packing and catalogue the order does not exist (like GET /api/orders/:id).",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/invoice.pdf` }),
  },
  {
    method: 'GET',
    path: '/api/orders/packing-slips.pdf',
    expect: staff(200, 'admin', 'desk', 'packing'),
    why: "Packing slips of a Confirmed order (names, phones, addresses, no prices): those who pack, and the desk that books couriers.",
    request: (s) => ({ path: `/api/orders/packing-slips.pdf?ids=${s.confirmedOrderOfA}` }),
  },
  { method: 'GET', path: '/api/audit', expect: staff(200, 'admin', 'auditor'), why: "The order log's chain: the auditor's, not the desk's.", request: () => ({ path: '/api/audit?limit=5&offset=0' }) },

  // The phone blocklist (issue 16): numbers of their own, never the checkout form's.
  {
    method: 'POST',
    path: '/api/phone-codes',
    expect: signedIn(201),
    why: 'Any account may prove a phone (to see the orders placed for it; issue 36), CHECKOUT_OTP or not: each caller a number of its own (the resend limits are per account and number).',
    request: (_s, role) => ({ path: '/api/phone-codes', body: { phone: `0171555${String(roles.indexOf(role)).padStart(4, '0')}` } }),
  },
  {
    method: 'POST',
    path: '/api/phone-codes/verify',
    expect: signedIn(409),
    why: 'Any account may answer a code; no code was asked for this number: 409 ordering/phone-code-missing (tests/api/phone-codes.test.ts answers real ones).',
    request: () => ({ path: '/api/phone-codes/verify', body: { phone: '01712345678', code: '123456' } }),
  },
  // Guest checkout (issue 36, decision 066): public routes; GUEST_CHECKOUT is off in this shop, so
  // every caller is told so (tests/api/guest-checkout.test.ts turns it on), never 401 or 403.
  {
    method: 'POST',
    path: '/api/guest/orders',
    expect: everyone(409),
    why: 'Public (a visitor orders without an account); GUEST_CHECKOUT is off here: 409 ordering/guest-checkout-off for everyone.',
    request: (s) => ({ path: '/api/guest/orders', body: { ...checkoutForm, paymentMethod: 'Cash On Delivery', items: [{ productId: s.productId, quantity: 1 }] } }),
  },
  {
    method: 'POST',
    path: '/api/guest/phone-codes',
    expect: everyone(409),
    why: "Public (a visitor's code); GUEST_CHECKOUT is off here.",
    request: () => ({ path: '/api/guest/phone-codes', body: { phone: '01712345678' } }),
  },
  {
    method: 'POST',
    path: '/api/guest/phone-codes/verify',
    expect: everyone(409),
    why: "Public (a visitor's answer); GUEST_CHECKOUT is off here.",
    request: () => ({ path: '/api/guest/phone-codes/verify', body: { phone: '01712345678', code: '123456' } }),
  },
  { method: 'GET', path: '/api/blocked-phones', expect: staff(200, 'admin', 'desk'), why: 'Customers\' records: the desk.', request: () => ({ path: '/api/blocked-phones?limit=5&offset=0' }) },
  { method: 'POST', path: '/api/blocked-phones', expect: staff(201, 'admin', 'desk'), request: () => ({ path: '/api/blocked-phones', body: { phone: blocklistPhone(), reason: 'Prank orders' } }) },
  {
    method: 'DELETE',
    path: '/api/blocked-phones/:phone',
    expect: staff(200, 'admin', 'desk'),
    request: async (s) => {
      const phone = blocklistPhone();
      const res = await call(s.t, 'POST', '/api/blocked-phones', { token: s.tokens.admin, body: { phone, reason: 'Prank orders' } });
      if (res.status !== 201) throw new Error(`blocking ${phone}: ${res.status}`);
      return { path: `/api/blocked-phones/${phone}` };
    },
  },
  // The sales figures (issue 17): the admin's and the auditor's sales report; not the desk's (issue 36).
  { method: 'GET', path: '/api/stats/sales', expect: staff(200, 'admin', 'auditor'), request: () => ({ path: '/api/stats/sales?bucket=week' }) },
  { method: 'GET', path: '/api/stats/summary', expect: staff(200, 'admin', 'auditor'), request: () => ({ path: '/api/stats/summary' }) },
  {
    method: 'GET',
    path: '/api/stats/sms',
    expect: staff(200, 'admin', 'auditor'),
    why: "What the shop's SMS cost: a figure of the report the auditor reads, not the desk's business.",
    request: () => ({ path: '/api/stats/sms' }),
  },
  { method: 'GET', path: '/api/stats/top-products', expect: staff(200, 'admin', 'auditor'), request: () => ({ path: '/api/stats/top-products?limit=5' }) },

  // Delivery (issue 34). No courier is set up in this shop, and A's order is Pending: the admin's
  // cells that would reach a courier or a parcel answer 409, after the guard let them through.
  {
    method: 'POST',
    path: '/api/shipments',
    expect: staff(409, 'admin', 'desk', 'packing'),
    why: "Books parcels on the shop's courier accounts: courier bookings are the desk's and the packers' (409 delivery/courier-not-configured here).",
    request: (s) => ({ path: '/api/shipments', body: { orderIds: [s.orderOfA], courier: 'steadfast' } }),
  },
  { method: 'GET', path: '/api/shipments/couriers', expect: staff(200, 'admin', 'desk', 'packing'), request: () => ({ path: '/api/shipments/couriers' }) },
  {
    method: 'GET',
    path: '/api/shipments/unsettled',
    expect: staff(200, 'admin', 'auditor'),
    why: 'The cash each courier still owes the shop: money, read by the auditor; not the desk (no sales figures), not those who pack (no prices).',
    request: () => ({ path: '/api/shipments/unsettled?courier=steadfast&limit=5' }),
  },
  {
    method: 'POST',
    path: '/api/shipments/payouts',
    expect: staff(200, 'admin'),
    why: "Records the couriers' payouts in the order log: the admin only, not the auditor who reads them (A's order has no parcel: nothing is settled).",
    request: (s) => ({ path: '/api/shipments/payouts', body: { courier: 'steadfast', reference: 'PAY-1', parcels: [{ orderId: s.orderOfA }] } }),
  },
  {
    method: 'GET',
    path: '/api/orders/:id/bookings',
    expect: staff(200, 'admin', 'desk', 'packing', 'auditor'),
    why: "An order's tries with the couriers (no money): those who book, and the auditor who reads the orders.",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/bookings?limit=5` }),
  },
  {
    method: 'POST',
    path: '/api/orders/:id/parcel',
    expect: staff(409, 'admin', 'desk', 'packing'),
    why: "Courier bookings: the desk and those who pack; not even the owner; A's order is Pending (409 ordering/illegal-transition).",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/parcel`, body: { courier: 'steadfast', consignmentId: 'C1', trackingCode: 'T1' } }),
  },
  { method: 'POST', path: '/api/orders/:id/parcel/refresh', expect: staff(409, 'admin', 'desk', 'packing'), request: (s) => ({ path: `/api/orders/${s.orderOfA}/parcel/refresh` }) },
  { method: 'POST', path: '/api/orders/:id/parcel/cancel', expect: staff(409, 'admin', 'desk', 'packing'), request: (s) => ({ path: `/api/orders/${s.orderOfA}/parcel/cancel`, body: {} }) },
  {
    method: 'POST',
    path: '/api/orders/:id/parcel/receive',
    expect: staff(409, 'admin', 'desk', 'packing'),
    why: 'Receiving a returned parcel (its stock comes back): those who handle the parcels; not the catalogue people, though it moves stock.',
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/parcel/receive`, body: {} }),
  },
  { method: 'GET', path: '/api/stats/courier-cash', expect: staff(200, 'admin', 'auditor'), request: () => ({ path: '/api/stats/courier-cash' }) },
  { method: 'GET', path: '/api/stats/courier-cash.csv', expect: staff(200, 'admin', 'auditor'), request: () => ({ path: '/api/stats/courier-cash.csv' }) },
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
    expect: staff(200, 'admin', 'desk'),
    why: "Changes an order at its customer's request (issue 36): the desk's, not the customer's nor the auditor's; A's order is Pending, its address changes.",
    // A new address for each caller: the same one twice would be nothing to change (400).
    request: (s, role) => ({ path: `/api/orders/${s.orderOfA}/lines`, body: { reason: 'The customer called', address: `House 9, Road 12 (${role})` } }),
  },
  // Orders taken by the staff for a person without an account (issue 36): the desk's (orders.take).
  {
    method: 'POST',
    path: '/api/orders/staff',
    expect: staff(201, 'admin', 'desk'),
    why: "Takes an order for the person on the phone, owned by their phone's customer record: the shop's, never a customer's (a customer would place orders in someone else's name).",
    request: (s) => ({ path: '/api/orders/staff', body: staffOrder(s) }),
  },
  {
    method: 'POST',
    path: '/api/orders/staff/quote',
    expect: staff(200, 'admin', 'desk'),
    why: "Prices a staff order with the shop's discount limits: the shop's.",
    request: (s) => ({ path: '/api/orders/staff/quote', body: staffOrder(s) }),
  },
  {
    method: 'GET',
    path: '/api/customers',
    expect: staff(200, 'admin', 'desk'),
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
    expect: signedIn(404),
    why: "An order's advance payment, for its owner and those who read every order; A's order asks none, and to the others it does not exist.",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/payment` }),
  },
  {
    method: 'POST',
    path: '/api/orders/:id/payment',
    expect: onlyA(409, 404),
    why: "Only the owner sends an order to bKash (409 payments/not-configured here); to anyone else, staff included, it does not exist.",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/payment` }),
  },
  {
    method: 'POST',
    path: '/api/orders/:id/refund',
    expect: staff(409, 'admin'),
    why: "Refunds money from the shop's bKash account: the admin only, not the desk (409 payments/not-configured here).",
    request: (s) => ({ path: `/api/orders/${s.orderOfA}/refund`, body: { reason: 'Canceled' } }),
  },
  {
    method: 'GET',
    path: '/api/orders/:id/record',
    expect: staff(200, 'admin', 'desk'),
    why: "A phone's delivery record at the couriers (customers' records) is the desk's advice, not the shopper's nor the auditor's.",
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
