import { PAGE_PATHS } from '../../../src/shared/page-paths';
import { isStaff, roleCanAny, type Role } from '../../../src/shared/permissions';
import type { PermissionNeed } from '../lib/auth/auth-context';
import { PAGE_SIZE } from '../lib/paging';

/** The values a path's `:name` segments take, in order: `'/product/:id'` takes one. */
type PathValues<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...PathValues<Rest>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

/**
 * A page of the table and its link builder: `link` fills the path's `:name` segments in order, each
 * encoded with encodeURIComponent (as every link of the app has always been written), so that no
 * page's path is written anywhere but here. A page whose path ends in `*` has no link. Only a path of
 * src/shared/page-paths.ts is taken: the server answers 404 for any other (decision 054).
 * A page of the shop's staff names the permission it needs (`need`, issue 36): the one its API
 * routes need (their contracts' `permission`), so that a person who holds it never meets a 403 there.
 */
function page<const P extends (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS], const T extends string, const N extends PermissionNeed | undefined = undefined>(
  path: P,
  title: T,
  need?: N,
) {
  const link = (...values: PathValues<P>): string => {
    let next = 0;
    return path.replace(/:[^/]+/g, () => encodeURIComponent(values[next++] as string));
  };
  return { path, title, link, need: need as N };
}

/**
 * The web app's pages in one table: their paths (src/shared/page-paths.ts, which the server reads
 * too: decision 054), titles and link builders (PAGES.product.link(id)),
 * the links of every menu, and what public/prefetch.js starts for a page opened directly. router.tsx
 * gives each page its component; the navbar, the dashboard menu and the footer list NAVIGATION;
 * web/vite.config.ts writes PAGE_PREFETCH into index.html for prefetch.js, and the static header
 * from the Navbar. No component in it, so that the build can read it too; a page's path is written
 * in page-paths.ts and here only (tests/architecture/page-paths.test.ts).
 */
export const PAGES = {
  home: page(PAGE_PATHS.home, 'Home'),
  about: page(PAGE_PATHS.about, 'About Us'),
  contact: page(PAGE_PATHS.contact, 'Contact'),
  product: page(PAGE_PATHS.product, 'Product'),
  category: page(PAGE_PATHS.category, 'Category'),
  allProducts: page(PAGE_PATHS.allProducts, 'All Products'),
  search: page(PAGE_PATHS.search, 'Search'),
  policy: page(PAGE_PATHS.policy, 'Our Policy'),
  login: page(PAGE_PATHS.login, 'Log in'),
  signup: page(PAGE_PATHS.signup, 'Sign up'),
  resetPassword: page(PAGE_PATHS.resetPassword, 'Reset password'),
  secret: page(PAGE_PATHS.secret, 'Secret'),
  /** Where a parcel is, by order number and phone, for anyone (issue 34; the booked SMS links here with ?order=). */
  track: page(PAGE_PATHS.track, 'Track Your Order'),
  /** Issue 35: where bKash's page sends the shopper back (through the shop's callback) with ?result=; /pay alone for a return the shop could not match. */
  pay: page(PAGE_PATHS.pay, 'Payment'),
  payOrder: page(PAGE_PATHS.payOrder, 'Payment'),
  /** Issue 36: a visitor's Order Now without an account, when the shop takes guest orders (GUEST_CHECKOUT). */
  guestCheckout: page(PAGE_PATHS.guestCheckout, 'Checkout'),
  notFound: { path: '*', title: 'Page not found' },
  dashboard: page(PAGE_PATHS.dashboard, 'Dashboard'),
  /** /dashboard itself: the sales overview (issue 17) for those who read sales; others go to their first page (landingPage). */
  overview: page(PAGE_PATHS.dashboard, 'Overview', 'sales.read'),
  profile: page(PAGE_PATHS.profile, 'Profile'),
  cart: page(PAGE_PATHS.cart, 'My Cart'),
  checkout: page(PAGE_PATHS.checkout, 'Checkout'),
  myOrders: page(PAGE_PATHS.myOrders, 'My Orders'),
  users: page(PAGE_PATHS.users, 'Users', 'users.manage'),
  addCategory: page(PAGE_PATHS.addCategory, 'Add Category', 'catalogue.manage'),
  addProducts: page(PAGE_PATHS.addProducts, 'Add Products', 'catalogue.manage'),
  manageProducts: page(PAGE_PATHS.manageProducts, 'Manage Products', 'catalogue.manage'),
  updateProduct: page(PAGE_PATHS.updateProduct, 'Update Product', 'catalogue.manage'),
  addSlider: page(PAGE_PATHS.addSlider, 'Add Slider Image', 'catalogue.manage'),
  manageSliders: page(PAGE_PATHS.manageSliders, 'Manage Slider Images', 'catalogue.manage'),
  allOrders: page(PAGE_PATHS.allOrders, 'All Orders', 'orders.read'),
  order: page(PAGE_PATHS.order, 'Order', 'orders.read'),
  /** Issue 36: the desk takes an order for someone without an account (on the phone, in Messenger, at the counter). */
  takeOrder: page(PAGE_PATHS.takeOrder, 'Take an Order', 'orders.take'),
  addCoupon: page(PAGE_PATHS.addCoupon, 'Add Coupon', 'catalogue.manage'),
  manageCoupons: page(PAGE_PATHS.manageCoupons, 'Manage Coupons', 'catalogue.manage'),
  audit: page(PAGE_PATHS.audit, 'Order Audit', 'audit.read'),
  // The list is the desk's to read; blocking and unblocking need orders.manage (the page shows them so).
  blockedPhones: page(PAGE_PATHS.blockedPhones, 'Blocked Phones', ['orders.manage', 'customers.read']),
  /** Issue 34: the cash couriers hold for the shop, their payouts and returns. */
  courierCash: page(PAGE_PATHS.courierCash, 'Courier Cash', 'sales.read'),
  /** Issue 36: the Confirmed orders to pack, without prices; packing slips and courier bookings. */
  packing: page(PAGE_PATHS.packing, 'Packing', 'orders.pack'),
  dashboardNotFound: { path: '/dashboard/*', title: 'Page not found' },
} as const satisfies Record<string, { path: string; title: string }>;

export type PageName = keyof typeof PAGES;

export type NavLink = { to: string; label: string; need?: PermissionNeed | undefined };

/** A link to a page, named by its title unless the menu says it shorter; it needs what its page needs. */
const link = (name: PageName, label: string = PAGES[name].title): NavLink => {
  const { need } = PAGES[name] as { need?: PermissionNeed | undefined };
  return need ? { to: PAGES[name].path, label, need } : { to: PAGES[name].path, label };
};

export const NAVIGATION = {
  /** The shop's header; the Log in / Cart button follows them. */
  main: [link('about'), link('policy'), link('contact'), link('profile', 'Dashboard')],
  footer: [
    link('about'),
    link('contact'),
    link('policy'),
    link('policy', 'Return & Exchange'),
    link('policy', 'Order Issues'),
    link('track'),
  ],
  /** The dashboard's side menu of the shop's staff: each shows the links whose `need` their role holds (issue 36). */
  staff: [
    link('overview'),
    link('home'),
    link('addCategory'),
    link('addProducts'),
    link('manageProducts'),
    link('users'),
    link('allOrders', 'Orders'),
    link('packing'),
    link('takeOrder'),
    link('courierCash'),
    link('addSlider'),
    link('manageSliders'),
    link('addCoupon'),
    link('manageCoupons'),
    link('audit', 'Audit'),
    link('blockedPhones'),
  ],
  customer: [link('home'), link('cart', 'Cart'), link('myOrders', 'Orders')],
} as const satisfies Record<string, NavLink[]>;

/**
 * Where /dashboard takes a member of staff (issue 36): the first of these pages their role may open
 * (admin and auditor: the overview; the order desk: its orders; packing: the packing page; catalogue:
 * the products). Anyone else (a customer) goes to the profile, as /dashboard always led.
 */
const LANDING = ['overview', 'allOrders', 'packing', 'manageProducts', 'audit', 'users', 'courierCash', 'blockedPhones'] as const satisfies readonly PageName[];

export function landingPage(role: Role | null): string {
  const first = role && isStaff(role) ? LANDING.find((name) => roleCanAny(role, PAGES[name].need)) : undefined;
  return PAGES[first ?? 'profile'].path;
}

/** The dashboard's menu for a role: a customer's, or the staff's links that role may open. */
export function dashboardMenu(role: Role | null): readonly NavLink[] {
  return role && isStaff(role) ? NAVIGATION.staff.filter((entry: NavLink) => !entry.need || roleCanAny(role, entry.need)) : NAVIGATION.customer;
}

/** Which copy of the image prefetch.js preloads, so that the browser picks the one the <img> will. */
export type PrefetchImage = {
  /** Which picture of the answer: the first slider's, the newest product's first photo, the product's first photo. */
  pick: 'first-slider' | 'newest-product' | 'product';
  /** The `sizes` of the <img> that shows it (web/src/lib/image-srcset.ts). */
  sizes: 'banner' | 'card' | 'gallery';
};

/**
 * An API request prefetch.js starts. `:name` takes the path's parameter, `{offset}` the offset of
 * the URL's ?page= (PAGE_SIZE rows a page): the app takes a prefetched answer only for the very
 * same path and query, so each URL is written as the app asks for it (lib/paging.ts, pageQuery).
 */
export type PrefetchRequest = { url: string; image?: PrefetchImage };

export type PagePrefetch = {
  /** The module of the page's lazy chunk, preloaded with the entry; its path relative to web/. */
  code?: string;
  requests?: PrefetchRequest[];
};

const productsPage = `/api/products?limit=${PAGE_SIZE}&offset={offset}`;

/** What every page of the shop layout needs (the dashboard has neither): the settings and the footer's categories. */
export const SHOP_LAYOUT_PREFETCH: PagePrefetch = { requests: [{ url: '/api/config' }, { url: '/api/categories' }] };

/** Only the pages whose first view waits on something worth starting before the app runs. */
export const PAGE_PREFETCH: Partial<Record<PageName, PagePrefetch>> = {
  home: {
    requests: [
      { url: '/api/sliders', image: { pick: 'first-slider', sizes: 'banner' } },
      // The home page shows the first page of products, grouped by category.
      { url: productsPage.replace('{offset}', '0') },
    ],
  },
  allProducts: {
    code: 'src/features/catalogue/pages/all-products-page.tsx',
    requests: [{ url: productsPage, image: { pick: 'newest-product', sizes: 'card' } }],
  },
  category: { code: 'src/features/catalogue/pages/category-page.tsx' },
  search: { code: 'src/features/catalogue/pages/search-page.tsx' },
  // Not the list of other products: it is below the photo, and must not slow the photo down.
  product: {
    code: 'src/app/product-route.tsx',
    requests: [{ url: '/api/products/:id', image: { pick: 'product', sizes: 'gallery' } }],
  },
};
