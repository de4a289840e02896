/**
 * The web app's page paths (decision 054): read by web/src/app/routes.ts, which gives each its
 * title and link builder, and by the server, which answers a path none of them matches with the
 * not-found page and a 404 (issue 33). Plain data with no import, so the server never loads the
 * web's code. A `:name` segment takes any one segment.
 */
export const PAGE_PATHS = {
  home: '/',
  about: '/about',
  contact: '/contact',
  product: '/product/:id',
  category: '/category/:categoryName',
  allProducts: '/allproductandcategories',
  search: '/search',
  policy: '/policy',
  login: '/login',
  signup: '/signup',
  resetPassword: '/reset-password',
  secret: '/secret',
  track: '/track',
  guestCheckout: '/checkout',
  pay: '/pay',
  payOrder: '/pay/:orderId',
  dashboard: '/dashboard',
  profile: '/dashboard/profile',
  cart: '/dashboard/cart',
  checkout: '/dashboard/checkout',
  myOrders: '/dashboard/orders',
  users: '/dashboard/users',
  addCategory: '/dashboard/addcategory',
  addProducts: '/dashboard/addproducts',
  manageProducts: '/dashboard/manageproducts',
  updateProduct: '/dashboard/updateproduct/:id',
  addSlider: '/dashboard/addslider',
  manageSliders: '/dashboard/managesliders',
  allOrders: '/dashboard/allorders',
  order: '/dashboard/allorders/:id',
  takeOrder: '/dashboard/take-order',
  addCoupon: '/dashboard/addcoupon',
  manageCoupons: '/dashboard/managecoupons',
  audit: '/dashboard/audit',
  blockedPhones: '/dashboard/blockedphones',
  courierCash: '/dashboard/couriercash',
  packing: '/dashboard/packing',
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each path as the router matches it: letter case ignored, one trailing slash allowed, a `:name` any non-empty segment. */
const patterns = Object.values(PAGE_PATHS).map(
  (path) => new RegExp(`^${path === '/' ? '' : path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part))).join('/')}/?$`, 'i'),
);

/** Whether `path` (a URL's path, as sent) is a page of the web app. */
export const isPagePath = (path: string): boolean => patterns.some((pattern) => pattern.test(path));
