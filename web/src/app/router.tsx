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
            // An admin's sales overview; everyone else is sent on to the profile.
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
          {
            // Admin pages: one guard for all, and their code is loaded on first visit (not in the entry chunk).
            element: page(() => import('./guards/require-admin').then((m) => m.AdminOutlet)),
            children: [
              {
                path: PAGES.users.path,
                element: page(() => import('../features/users/pages/users-page').then((m) => m.UsersPage)),
                handle: { title: PAGES.users.title } satisfies RouteHandle,
              },
              {
                path: PAGES.addCategory.path,
                element: page(() => import('../features/catalogue/pages/add-category-page').then((m) => m.AddCategoryPage)),
                handle: { title: PAGES.addCategory.title } satisfies RouteHandle,
              },
              {
                path: PAGES.addProducts.path,
                element: page(() => import('../features/catalogue/pages/add-product-page').then((m) => m.AddProductPage)),
                handle: { title: PAGES.addProducts.title } satisfies RouteHandle,
              },
              {
                path: PAGES.manageProducts.path,
                element: page(() => import('../features/catalogue/pages/manage-products-page').then((m) => m.ManageProductsPage)),
                handle: { title: PAGES.manageProducts.title } satisfies RouteHandle,
              },
              {
                path: PAGES.updateProduct.path,
                element: page(() => import('../features/catalogue/pages/update-product-page').then((m) => m.UpdateProductPage)),
                handle: { title: PAGES.updateProduct.title } satisfies RouteHandle,
              },
              {
                path: PAGES.addSlider.path,
                element: page(() => import('../features/banners/pages/add-slider-page').then((m) => m.AddSliderPage)),
                handle: { title: PAGES.addSlider.title } satisfies RouteHandle,
              },
              {
                path: PAGES.manageSliders.path,
                element: page(() => import('../features/banners/pages/manage-sliders-page').then((m) => m.ManageSlidersPage)),
                handle: { title: PAGES.manageSliders.title } satisfies RouteHandle,
              },
              {
                path: PAGES.allOrders.path,
                element: page(() => import('./order-desk-route').then((m) => m.OrderDeskRoute)),
                handle: { title: PAGES.allOrders.title } satisfies RouteHandle,
              },
              {
                path: PAGES.order.path,
                element: page(() => import('./order-route').then((m) => m.OrderRoute)),
                handle: { title: PAGES.order.title } satisfies RouteHandle,
              },
              {
                path: PAGES.takeOrder.path,
                element: page(() => import('../features/orders/pages/take-order-page').then((m) => m.TakeOrderPage)),
                handle: { title: PAGES.takeOrder.title } satisfies RouteHandle,
              },
              {
                path: PAGES.addCoupon.path,
                element: page(() => import('../features/coupons/pages/add-coupon-page').then((m) => m.AddCouponPage)),
                handle: { title: PAGES.addCoupon.title } satisfies RouteHandle,
              },
              {
                path: PAGES.manageCoupons.path,
                element: page(() => import('../features/coupons/pages/manage-coupons-page').then((m) => m.ManageCouponsPage)),
                handle: { title: PAGES.manageCoupons.title } satisfies RouteHandle,
              },
              {
                path: PAGES.courierCash.path,
                element: page(() => import('../features/delivery/admin/pages/courier-cash-page').then((m) => m.CourierCashPage)),
                handle: { title: PAGES.courierCash.title } satisfies RouteHandle,
              },
              {
                path: PAGES.blockedPhones.path,
                element: page(() => import('../features/blocked-phones/pages/blocked-phones-page').then((m) => m.BlockedPhonesPage)),
                handle: { title: PAGES.blockedPhones.title } satisfies RouteHandle,
              },
              {
                path: PAGES.audit.path,
                element: page(() => import('../features/orders/pages/audit-page').then((m) => m.AuditPage)),
                handle: { title: PAGES.audit.title } satisfies RouteHandle,
              },
            ],
          },
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
