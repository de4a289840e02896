import { PAGE_SIZE } from '../lib/paging';

/**
 * The web app's pages in one table: their paths and titles, the links of every menu, and what
 * public/prefetch.js starts for a page opened directly. router.tsx gives each page its component;
 * the navbar, the dashboard menu and the footer list NAVIGATION; web/vite.config.ts writes
 * PAGE_PREFETCH into index.html for prefetch.js, and the static header from the Navbar.
 * Pure data (no components), so that the build can read it too.
 */
export const PAGES = {
  home: { path: '/', title: 'Home' },
  about: { path: '/about', title: 'About Us' },
  contact: { path: '/contact', title: 'Contact' },
  product: { path: '/product/:id', title: 'Product' },
  category: { path: '/category/:categoryName', title: 'Category' },
  allProducts: { path: '/allproductandcategories', title: 'All Products' },
  search: { path: '/search', title: 'Search' },
  policy: { path: '/policy', title: 'Our Policy' },
  login: { path: '/login', title: 'Log in' },
  signup: { path: '/signup', title: 'Sign up' },
  resetPassword: { path: '/reset-password', title: 'Reset password' },
  secret: { path: '/secret', title: 'Secret' },
  notFound: { path: '*', title: 'Page not found' },
  dashboard: { path: '/dashboard', title: 'Dashboard' },
  /** /dashboard itself: an admin's sales overview (issue 17); everyone else is sent to the profile. */
  overview: { path: '/dashboard', title: 'Overview' },
  profile: { path: '/dashboard/profile', title: 'Profile' },
  cart: { path: '/dashboard/cart', title: 'My Cart' },
  checkout: { path: '/dashboard/checkout', title: 'Checkout' },
  myOrders: { path: '/dashboard/orders', title: 'My Orders' },
  users: { path: '/dashboard/users', title: 'Users' },
  addCategory: { path: '/dashboard/addcategory', title: 'Add Category' },
  addProducts: { path: '/dashboard/addproducts', title: 'Add Products' },
  manageProducts: { path: '/dashboard/manageproducts', title: 'Manage Products' },
  updateProduct: { path: '/dashboard/updateproduct/:id', title: 'Update Product' },
  addSlider: { path: '/dashboard/addslider', title: 'Add Slider Image' },
  manageSliders: { path: '/dashboard/managesliders', title: 'Manage Slider Images' },
  allOrders: { path: '/dashboard/allorders', title: 'All Orders' },
  order: { path: '/dashboard/allorders/:id', title: 'Order' },
  addCoupon: { path: '/dashboard/addcoupon', title: 'Add Coupon' },
  manageCoupons: { path: '/dashboard/managecoupons', title: 'Manage Coupons' },
  audit: { path: '/dashboard/audit', title: 'Order Audit' },
  blockedPhones: { path: '/dashboard/blockedphones', title: 'Blocked Phones' },
  dashboardNotFound: { path: '/dashboard/*', title: 'Page not found' },
} as const satisfies Record<string, { path: string; title: string }>;

export type PageName = keyof typeof PAGES;

export type NavLink = { to: string; label: string };

/** A link to a page, named by its title unless the menu says it shorter. */
const link = (page: PageName, label: string = PAGES[page].title): NavLink => ({ to: PAGES[page].path, label });

export const NAVIGATION = {
  /** The shop's header; the Log in / Cart button follows them. */
  main: [link('about'), link('policy'), link('contact'), link('profile', 'Dashboard')],
  footer: [
    link('about'),
    link('contact'),
    link('policy'),
    link('policy', 'Return & Exchange'),
    link('policy', 'Order Issues'),
  ],
  /** The dashboard's side menu, by role. */
  admin: [
    link('overview'),
    link('home'),
    link('addCategory'),
    link('addProducts'),
    link('manageProducts'),
    link('users'),
    link('allOrders', 'Orders'),
    link('addSlider'),
    link('manageSliders'),
    link('addCoupon'),
    link('manageCoupons'),
    link('audit', 'Audit'),
    link('blockedPhones'),
  ],
  customer: [link('home'), link('cart', 'Cart'), link('myOrders', 'Orders')],
} as const satisfies Record<string, NavLink[]>;

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
