import { lazy, useMemo, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type Params, type RouteObject } from 'react-router-dom';
import { categoriesQueryOptions, categoryLabel, type Category } from '../features/catalogue/api/get-categories';
import { productQueryOptions } from '../features/catalogue/api/get-product';
import { RequireUser } from './guards/require-user';
import { AuthRoot } from './layouts/auth-root';
import { RootLayout } from './layouts/root-layout';
import { HomeRoute } from './route-elements';
import { RouteErrorBoundary } from './route-error-boundary';
import { PAGES } from './routes';
import { RouteMatchesContext, type RouteHandle } from './route-handle';
import { localized } from '../lib/i18n/localized';
import { loadShownMessages } from '../lib/i18n/i18n';
import { queryClient } from '../lib/query-client';

/*
 * The paths and titles come from the table of pages (routes.ts); this file gives each its component.
 * Only what the first paint of `/` needs is imported here (the shop layout and the home page); every
 * other page is a lazy component whose code is fetched on first visit (budget:
 * tests/performance/web-budget.test.ts). react-router's declarative mode (decision 044): a page that is
 * not ready (its code, its data) suspends; the layouts' Suspense boundaries show a fallback on a first
 * page load, and keep the current page on screen during a page change (app-router.tsx: transitions).
 */

/** How each lazy page's code is fetched, by its element in the route table (preloadPage). */
const pageLoads = new WeakMap<object, () => unknown>();

/** A lazy page: its code is fetched on first visit (or by preloadPage), then its messages in the language shown. */
function page(load: () => Promise<ComponentType>): ReactNode {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => (loading ??= load().then(async (Component) => (await loadShownMessages(), { default: Component })));
  const Page = lazy(start);
  const element = <Page />;
  pageLoads.set(element, start);
  return element;
}

/** A product page's title: the product's own (from the query cache), in Bengali when shown and it has one. */
const productOf = (params: Params) => productQueryOptions(params.id ?? '');
const productTitle: RouteHandle = {
  query: productOf,
  prefetch: (client, params) => client.prefetchQuery(productOf(params)),
  title: ({ data, lang }) => {
    const product = data as { title: string; titleBn?: string | undefined } | undefined;
    return product && localized(lang, product.title, product.titleBn);
  },
};

/** A category page's title: its name in the language shown (the address names it in English). */
const categoryTitle: RouteHandle = {
  query: () => categoriesQueryOptions(),
  title: ({ params, data, lang }) => {
    const key = params.categoryName?.trim().toLocaleLowerCase('en-US');
    const shown = (data as Category[] | undefined)?.find((c) => c.category.trim().toLocaleLowerCase('en-US') === key);
    return shown ? categoryLabel(shown, lang) : params.categoryName;
  },
};

/** The pages of the table that name a permission: the shop's staff's. */
type StaffPageName = { [N in keyof typeof PAGES]: (typeof PAGES)[N] extends { need: infer Need } ? (Need extends undefined ? never : N) : never }[keyof typeof PAGES];

/**
 * A page of the shop's staff: its code, with the guard (app/guards/require-permission.tsx) around it,
 * fetched on first visit, and shown only to a role that holds the page's `need` (issue 36).
 */
function staffPage(name: StaffPageName, load: () => Promise<ComponentType>): RouteObject {
  const { path, title, need } = PAGES[name];
  return {
    path,
    element: page(() => Promise.all([import('./guards/require-permission'), load()]).then(([{ guarded }, Page]) => guarded(need, Page))),
    handle: { title } satisfies RouteHandle,
  };
}

/** The pay page, at /pay and /pay/:orderId (one lazy page for both). */
const payPage = page(() => import('../features/payments/pages/pay-page').then((m) => m.PayPage));

export const routes: RouteObject[] = [
  {
    // Above both layouts: one session for the shop and the dashboard.
    element: (
      <RouteErrorBoundary standalone>
        <AuthRoot />
      </RouteErrorBoundary>
    ),
    children: [
      {
        path: PAGES.home.path,
        // The outer boundary is only reached when the layout itself fails; a page's errors are caught
        // inside the layout, around its <Outlet>.
        element: (
          <RouteErrorBoundary standalone>
            <RootLayout />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, element: <HomeRoute />, handle: { title: PAGES.home.title } satisfies RouteHandle },
          {
            path: PAGES.about.path,
            element: page(() => import('../features/static-pages/pages/about-page').then((m) => m.AboutPage)),
            handle: { title: PAGES.about.title } satisfies RouteHandle,
          },
          {
            path: PAGES.contact.path,
            element: page(() => import('./contact-route').then((m) => m.ContactRoute)),
            handle: { title: PAGES.contact.title } satisfies RouteHandle,
          },
          {
            path: PAGES.product.path,
            element: page(() => import('./product-route').then((m) => m.ProductRoute)),
            handle: productTitle,
          },
          {
            path: PAGES.category.path,
            element: page(() => import('../features/catalogue/pages/category-page').then((m) => m.CategoryPage)),
            handle: categoryTitle,
          },
          {
            path: PAGES.allProducts.path,
            element: page(() => import('../features/catalogue/pages/all-products-page').then((m) => m.AllProductsPage)),
            handle: { title: PAGES.allProducts.title } satisfies RouteHandle,
          },
          {
            path: PAGES.search.path,
            element: page(() => import('../features/catalogue/pages/search-page').then((m) => m.SearchPage)),
            handle: { title: PAGES.search.title } satisfies RouteHandle,
          },
          {
            path: PAGES.policy.path,
            element: page(() => import('../features/static-pages/pages/policy-page').then((m) => m.PolicyPage)),
            handle: { title: PAGES.policy.title } satisfies RouteHandle,
          },
          {
            path: PAGES.track.path,
            element: page(() => import('../features/delivery/pages/track-page').then((m) => m.TrackPage)),
            handle: { title: PAGES.track.title } satisfies RouteHandle,
          },
          {
            // Issue 35: the outcome of a payment by bKash; the shopper signs in again if the session ended meanwhile.
            path: PAGES.pay.path,
            element: (
              <RequireUser>
                <Outlet />
              </RequireUser>
            ),
            handle: { title: PAGES.pay.title } satisfies RouteHandle,
            children: [
              { index: true, element: payPage },
              { path: PAGES.payOrder.path, element: payPage, handle: { title: PAGES.payOrder.title } satisfies RouteHandle },
            ],
          },
          {
            // Issue 36: a visitor's Order Now when the shop takes guest orders (GUEST_CHECKOUT); a signed-in customer goes on to their own.
            path: PAGES.guestCheckout.path,
            element: page(() => import('./guest-checkout-route').then((m) => m.GuestCheckoutRoute)),
            handle: { title: PAGES.guestCheckout.title } satisfies RouteHandle,
          },
          {
            path: PAGES.login.path,
            element: page(() => import('../features/auth/pages/login-page').then((m) => m.LoginPage)),
            handle: { title: PAGES.login.title } satisfies RouteHandle,
          },
          {
            path: PAGES.signup.path,
            element: page(() => import('../features/auth/pages/signup-page').then((m) => m.SignupPage)),
            handle: { title: PAGES.signup.title } satisfies RouteHandle,
          },
          {
            path: PAGES.resetPassword.path,
            element: page(() => import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage)),
            handle: { title: PAGES.resetPassword.title } satisfies RouteHandle,
          },
          {
            path: PAGES.secret.path,
            element: (
              <RequireUser>
                <Outlet />
              </RequireUser>
            ),
            handle: { title: PAGES.secret.title } satisfies RouteHandle,
            children: [
              {
                index: true,
                element: page(() => import('../features/auth/pages/secret-page').then((m) => m.SecretPage)),
              },
            ],
          },
          {
            path: PAGES.notFound.path,
            element: page(() => import('../features/static-pages/pages/not-found-page').then((m) => m.NotFoundPage)),
            handle: { title: PAGES.notFound.title } satisfies RouteHandle,
          },
        
        ],
      },
      {
        path: PAGES.dashboard.path,
        // Its first load's fallback is AuthRoot's (DashboardFallback): a boundary that already shows the
        // shop keeps it on screen while the dashboard's code loads.
        element: (
          <RouteErrorBoundary standalone>
            {page(() => import('./dashboard-route').then((m) => m.DashboardRoute))}
          </RouteErrorBoundary>
        ),
        handle: { title: PAGES.dashboard.title } satisfies RouteHandle,
        children: [
          {
            // The sales overview for a role that reads sales; everyone else goes on to their first page (landingPage).
            index: true,
            element: page(() => import('./dashboard-index').then((m) => m.DashboardIndex)),
            handle: { title: PAGES.overview.title } satisfies RouteHandle,
          },
          {
            path: PAGES.profile.path,
            element: page(() => import('../features/users/pages/profile-page').then((m) => m.ProfilePage)),
            handle: { title: PAGES.profile.title } satisfies RouteHandle,
          },
          // Customer pages (the layout's RequireUser guards them); loaded on first visit, like the admin pages.
          {
            path: PAGES.cart.path,
            element: page(() => import('../features/cart/pages/cart-page').then((m) => m.CartPage)),
            handle: { title: PAGES.cart.title } satisfies RouteHandle,
          },
          {
            path: PAGES.checkout.path,
            element: page(() => import('./checkout-route').then((m) => m.CheckoutRoute)),
            handle: { title: PAGES.checkout.title } satisfies RouteHandle,
          },
          {
            path: PAGES.myOrders.path,
            element: page(() => import('./my-orders-route').then((m) => m.MyOrdersRoute)),
            handle: { title: PAGES.myOrders.title } satisfies RouteHandle,
          },
          // The staff's pages (issue 36): each behind the permission its calls need (PAGES' `need`), loaded on first visit.
          staffPage('users', () => import('../features/users/pages/users-page').then((m) => m.UsersPage)),
          staffPage('addCategory', () => import('../features/catalogue/pages/add-category-page').then((m) => m.AddCategoryPage)),
          staffPage('addProducts', () => import('../features/catalogue/pages/add-product-page').then((m) => m.AddProductPage)),
          staffPage('manageProducts', () => import('../features/catalogue/pages/manage-products-page').then((m) => m.ManageProductsPage)),
          staffPage('updateProduct', () => import('../features/catalogue/pages/update-product-page').then((m) => m.UpdateProductPage)),
          staffPage('addSlider', () => import('../features/banners/pages/add-slider-page').then((m) => m.AddSliderPage)),
          staffPage('manageSliders', () => import('../features/banners/pages/manage-sliders-page').then((m) => m.ManageSlidersPage)),
          staffPage('allOrders', () => import('./order-desk-route').then((m) => m.OrderDeskRoute)),
          staffPage('packing', () => import('./packing-route').then((m) => m.PackingRoute)),
          staffPage('order', () => import('./order-route').then((m) => m.OrderRoute)),
          staffPage('takeOrder', () => import('../features/orders/pages/take-order-page').then((m) => m.TakeOrderPage)),
          staffPage('addCoupon', () => import('../features/coupons/pages/add-coupon-page').then((m) => m.AddCouponPage)),
          staffPage('manageCoupons', () => import('../features/coupons/pages/manage-coupons-page').then((m) => m.ManageCouponsPage)),
          staffPage('courierCash', () => import('../features/delivery/admin/pages/courier-cash-page').then((m) => m.CourierCashPage)),
          staffPage('blockedPhones', () => import('../features/blocked-phones/pages/blocked-phones-page').then((m) => m.BlockedPhonesPage)),
          staffPage('audit', () => import('../features/orders/pages/audit-page').then((m) => m.AuditPage)),
          {
            path: PAGES.dashboardNotFound.path,
            element: page(() => import('../features/static-pages/pages/not-found-page').then((m) => m.NotFoundPage)),
            handle: { title: PAGES.notFound.title } satisfies RouteHandle,
          },
        
        ],
      },
    ],
  },
];

/**
 * Starts fetching the code of the lazy pages `pathname` shows, and the answer it shows first (a route's
 * `prefetch`), before React's first render gets to them (as the data router did when it was created):
 * main.tsx calls it for the address a visit starts on. Settles when all have, never rejects (a page whose
 * code failed to load shows its error when rendered).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const waits: unknown[] = [];
  for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
    // The page itself, or the page inside an error boundary (the dashboard's layout).
    const element = route.element as { props?: { children?: unknown } } | null | undefined;
    const load = element && (pageLoads.get(element) ?? (typeof element.props?.children === 'object' && element.props.children ? pageLoads.get(element.props.children) : undefined));
    waits.push(load?.());
    // The answer the page shows first (a product's), which prefetch.js has already asked for.
    waits.push((route.handle as RouteHandle | undefined)?.prefetch?.(queryClient, params));
  }
  return Promise.allSettled(waits);
}

/** The page at the current address inside its layouts; the layouts' titles read the matched routes. */
export function AppRoutes() {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [location]);
  const element = useRoutes(routes, location);
  return <RouteMatchesContext value={matches}>{element}</RouteMatchesContext>;
}
