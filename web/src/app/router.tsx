import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { LoadingStatus } from '../components/loading-status';
import { Spinner } from '../components/spinner';
import type { Product } from '../features/catalogue/api/get-product';
import { productLoader } from '../features/catalogue/product-loader';
import { RequireUser } from './guards/require-user';
import { AuthRoot } from './layouts/auth-root';
import { RootLayout } from './layouts/root-layout';
import { HomeRoute } from './route-elements';
import { LazyRouteErrorPage as RouteErrorPage } from './lazy-route-error-page';
import { PAGES } from './routes';
import type { RouteHandle } from './route-handle';
import type { Lang } from '../lib/i18n/i18n';
import { localized } from '../lib/i18n/localized';

/*
 * The paths and titles come from the table of pages (routes.ts); this file gives each its component.
 * Only what the first paint of `/` needs is imported here (the shop layout and the home page); every
 * other page is a lazy route whose code is fetched on first visit (budget: tests/performance/web-budget.test.ts).
 * A lazy route shows its hydrateFallbackElement while its code loads on a first page load.
 */
/** A product page's title: the product's own, in Bengali when shown and it has one. */
const titleOf = (product: Product | undefined, lang: Lang) => product && localized(lang, product.title, product.titleBn);

const pageFallback = <Spinner labelId="common.loadingPage" fill />;

/** A lazy route's page: its code is fetched on first visit, `fallback` showing meanwhile on a first page load. */
function lazyPage(load: () => Promise<ComponentType>, fallback: ReactNode) {
  return { lazy: () => load().then((Component) => ({ Component })), hydrateFallbackElement: fallback };
}
/** A page inside the shop layout. */
const shopPage = (load: () => Promise<ComponentType>) => lazyPage(load, pageFallback);
/** A page inside the dashboard layout. */
const dashboardPage = (load: () => Promise<ComponentType>) => lazyPage(load, <LoadingStatus />);

export const routes: RouteObject[] = [
  {
    // Above both layouts: one session for the shop and the dashboard.
    element: <AuthRoot />,
    errorElement: <RouteErrorPage standalone />,
    children: [
      {
        path: PAGES.home.path,
        element: <RootLayout />,
        // Only reached when the layout itself fails; page errors are caught below, inside the layout.
        errorElement: <RouteErrorPage standalone />,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <HomeRoute />, handle: { title: PAGES.home.title } satisfies RouteHandle },
              {
                path: PAGES.about.path,
                ...shopPage(() => import('../features/static-pages/pages/about-page').then((m) => m.AboutPage)),
                handle: { title: PAGES.about.title } satisfies RouteHandle,
              },
              {
                path: PAGES.contact.path,
                ...shopPage(() => import('./contact-route').then((m) => m.ContactRoute)),
                handle: { title: PAGES.contact.title } satisfies RouteHandle,
              },
              {
                path: PAGES.product.path,
                loader: productLoader,
                // The fallback shows inside the layout while the first page load waits for the product.
                ...lazyPage(() => import('./product-route').then((m) => m.ProductRoute), <Spinner labelId="common.loadingProduct" fill />),
                handle: { title: ({ data, lang }) => titleOf(data as Product | undefined, lang) } satisfies RouteHandle,
              },
              {
                path: PAGES.category.path,
                ...shopPage(() => import('../features/catalogue/pages/category-page').then((m) => m.CategoryPage)),
                handle: { title: ({ params }) => params.categoryName } satisfies RouteHandle,
              },
              {
                path: PAGES.allProducts.path,
                ...shopPage(() => import('../features/catalogue/pages/all-products-page').then((m) => m.AllProductsPage)),
                handle: { title: PAGES.allProducts.title } satisfies RouteHandle,
              },
              {
                path: PAGES.search.path,
                ...shopPage(() => import('../features/catalogue/pages/search-page').then((m) => m.SearchPage)),
                handle: { title: PAGES.search.title } satisfies RouteHandle,
              },
              {
                path: PAGES.policy.path,
                ...shopPage(() => import('../features/static-pages/pages/policy-page').then((m) => m.PolicyPage)),
                handle: { title: PAGES.policy.title } satisfies RouteHandle,
              },
              {
                path: PAGES.login.path,
                ...shopPage(() => import('../features/auth/pages/login-page').then((m) => m.LoginPage)),
                handle: { title: PAGES.login.title } satisfies RouteHandle,
              },
              {
                path: PAGES.signup.path,
                ...shopPage(() => import('../features/auth/pages/signup-page').then((m) => m.SignupPage)),
                handle: { title: PAGES.signup.title } satisfies RouteHandle,
              },
              {
                path: PAGES.resetPassword.path,
                ...shopPage(() => import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage)),
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
                    ...shopPage(() => import('../features/auth/pages/secret-page').then((m) => m.SecretPage)),
                  },
                ],
              },
              {
                path: PAGES.notFound.path,
                ...shopPage(() => import('../features/static-pages/pages/not-found-page').then((m) => m.NotFoundPage)),
                handle: { title: PAGES.notFound.title } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
      {
        path: PAGES.dashboard.path,
        // The dashboard has no shop layout around it: its fallback brings its own <main>.
        ...lazyPage(
          () => import('./dashboard-route').then((m) => m.DashboardRoute),
          <main id="main" className="site-main site-main--standalone">
            <LoadingStatus />
          </main>,
        ),
        errorElement: <RouteErrorPage standalone />,
        handle: { title: PAGES.dashboard.title } satisfies RouteHandle,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              {
                // An admin's sales overview; everyone else is sent on to the profile.
                index: true,
                ...dashboardPage(() => import('./dashboard-index').then((m) => m.DashboardIndex)),
                handle: { title: PAGES.overview.title } satisfies RouteHandle,
              },
              {
                path: PAGES.profile.path,
                ...dashboardPage(() => import('../features/users/pages/profile-page').then((m) => m.ProfilePage)),
                handle: { title: PAGES.profile.title } satisfies RouteHandle,
              },
              // Customer pages (the layout's RequireUser guards them); loaded on first visit, like the admin pages.
              {
                path: PAGES.cart.path,
                ...dashboardPage(() => import('../features/cart/pages/cart-page').then((m) => m.CartPage)),
                handle: { title: PAGES.cart.title } satisfies RouteHandle,
              },
              {
                path: PAGES.checkout.path,
                ...dashboardPage(() => import('./checkout-route').then((m) => m.CheckoutRoute)),
                handle: { title: PAGES.checkout.title } satisfies RouteHandle,
              },
              {
                path: PAGES.myOrders.path,
                ...dashboardPage(() => import('../features/orders/pages/my-orders-page').then((m) => m.MyOrdersPage)),
                handle: { title: PAGES.myOrders.title } satisfies RouteHandle,
              },
              {
                // Admin pages: one guard for all, and their code is loaded on first visit (not in the entry chunk).
                ...dashboardPage(() => import('./guards/require-admin').then((m) => m.AdminOutlet)),
                children: [
                  {
                    path: PAGES.users.path,
                    ...dashboardPage(() => import('../features/users/pages/users-page').then((m) => m.UsersPage)),
                    handle: { title: PAGES.users.title } satisfies RouteHandle,
                  },
                  {
                    path: PAGES.addCategory.path,
                    ...dashboardPage(() => import('../features/catalogue/pages/add-category-page').then((m) => m.AddCategoryPage)),
                    handle: { title: PAGES.addCategory.title } satisfies RouteHandle,
                  },
                  {
                    path: PAGES.addProducts.path,
                    ...dashboardPage(() => import('../features/catalogue/pages/add-product-page').then((m) => m.AddProductPage)),
                    handle: { title: PAGES.addProducts.title } satisfies RouteHandle,
                  },
                  {
                    path: PAGES.manageProducts.path,
                    ...dashboardPage(() => import('../features/catalogue/pages/manage-products-page').then((m) => m.ManageProductsPage)),
                    handle: { title: PAGES.manageProducts.title } satisfies RouteHandle,
                  },
                  {
                    path: PAGES.updateProduct.path,
                    loader: productLoader,
                    ...dashboardPage(() => import('../features/catalogue/pages/update-product-page').then((m) => m.UpdateProductPage)),
                    handle: { title: PAGES.updateProduct.title } satisfies RouteHandle,
                  },
                  {
                    path: PAGES.addSlider.path,
                    ...dashboardPage(() => import('../features/banners/pages/add-slider-page').then((m) => m.AddSliderPage)),
                    handle: { title: PAGES.addSlider.title } satisfies RouteHandle,
                  },
                  {
                    path: PAGES.manageSliders.path,
                    ...dashboardPage(() => import('../features/banners/pages/manage-sliders-page').then((m) => m.ManageSlidersPage)),
                    handle: { title: PAGES.manageSliders.title } satisfies RouteHandle,
                  },
                  {
                    path: PAGES.allOrders.path,
                    ...dashboardPage(() => import('../features/orders/pages/all-orders-page').then((m) => m.AllOrdersPage)),
                    handle: { title: PAGES.allOrders.title } satisfies RouteHandle,
                  },
                  {
                    path: PAGES.order.path,
                    ...dashboardPage(() => import('../features/orders/pages/order-page').then((m) => m.OrderPage)),
                    handle: { title: PAGES.order.title } satisfies RouteHandle,
                  },
                  {
                    path: PAGES.addCoupon.path,
                    ...dashboardPage(() => import('../features/coupons/pages/add-coupon-page').then((m) => m.AddCouponPage)),
                    handle: { title: PAGES.addCoupon.title } satisfies RouteHandle,
                  },
                  {
                    path: PAGES.manageCoupons.path,
                    ...dashboardPage(() => import('../features/coupons/pages/manage-coupons-page').then((m) => m.ManageCouponsPage)),
                    handle: { title: PAGES.manageCoupons.title } satisfies RouteHandle,
                  },
                  {
                    path: PAGES.blockedPhones.path,
                    ...dashboardPage(() => import('../features/blocked-phones/pages/blocked-phones-page').then((m) => m.BlockedPhonesPage)),
                    handle: { title: PAGES.blockedPhones.title } satisfies RouteHandle,
                  },
                  {
                    path: PAGES.audit.path,
                    ...dashboardPage(() => import('../features/orders/pages/audit-page').then((m) => m.AuditPage)),
                    handle: { title: PAGES.audit.title } satisfies RouteHandle,
                  },
                ],
              },
              {
                path: PAGES.dashboardNotFound.path,
                ...dashboardPage(() => import('../features/static-pages/pages/not-found-page').then((m) => m.NotFoundPage)),
                handle: { title: PAGES.notFound.title } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
