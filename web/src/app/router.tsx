import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { LoadingStatus } from '../components/loading-status';
import { Spinner } from '../components/spinner';
import type { Product } from '../features/catalogue/api/get-product';
import { productLoader } from '../features/catalogue/product-loader';
import { RequireUser } from './guards/require-user';
import { AuthRoot } from './layouts/auth-root';
import { RootLayout } from './layouts/root-layout';
import { HomeRoute } from './route-elements';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';

/*
 * Only what the first paint of `/` needs is imported here (the shop layout and the home page); every
 * other page is a lazy route whose code is fetched on first visit (budget: tests/performance/web-budget.test.ts).
 * A lazy route shows its hydrateFallbackElement while its code loads on a first page load.
 */
const pageFallback = <Spinner label="Loading page" fill />;

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
        path: '/',
        element: <RootLayout />,
        // Only reached when the layout itself fails; page errors are caught below, inside the layout.
        errorElement: <RouteErrorPage standalone />,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <HomeRoute />, handle: { title: 'Home' } satisfies RouteHandle },
              {
                path: 'about',
                ...shopPage(() => import('../features/static-pages/pages/about-page').then((m) => m.AboutPage)),
                handle: { title: 'About Us' } satisfies RouteHandle,
              },
              {
                path: 'contact',
                ...shopPage(() => import('./contact-route').then((m) => m.ContactRoute)),
                handle: { title: 'Contact' } satisfies RouteHandle,
              },
              {
                path: 'product/:id',
                loader: productLoader,
                // The fallback shows inside the layout while the first page load waits for the product.
                ...lazyPage(() => import('./product-route').then((m) => m.ProductRoute), <Spinner label="Loading product" fill />),
                handle: { title: ({ data }) => (data as Product | undefined)?.title } satisfies RouteHandle,
              },
              {
                path: 'category/:categoryName',
                ...shopPage(() => import('../features/catalogue/pages/category-page').then((m) => m.CategoryPage)),
                handle: { title: ({ params }) => params.categoryName } satisfies RouteHandle,
              },
              {
                path: 'allproductandcategories',
                ...shopPage(() => import('../features/catalogue/pages/all-products-page').then((m) => m.AllProductsPage)),
                handle: { title: 'All Products' } satisfies RouteHandle,
              },
              {
                path: 'policy',
                ...shopPage(() => import('../features/static-pages/pages/policy-page').then((m) => m.PolicyPage)),
                handle: { title: 'Our Policy' } satisfies RouteHandle,
              },
              {
                path: 'login',
                ...shopPage(() => import('../features/auth/pages/login-page').then((m) => m.LoginPage)),
                handle: { title: 'Log in' } satisfies RouteHandle,
              },
              {
                path: 'signup',
                ...shopPage(() => import('../features/auth/pages/signup-page').then((m) => m.SignupPage)),
                handle: { title: 'Sign up' } satisfies RouteHandle,
              },
              {
                path: 'reset-password',
                ...shopPage(() => import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage)),
                handle: { title: 'Reset password' } satisfies RouteHandle,
              },
              {
                path: 'secret',
                element: (
                  <RequireUser>
                    <Outlet />
                  </RequireUser>
                ),
                handle: { title: 'Secret' } satisfies RouteHandle,
                children: [
                  {
                    index: true,
                    ...shopPage(() => import('../features/auth/pages/secret-page').then((m) => m.SecretPage)),
                  },
                ],
              },
              {
                path: '*',
                ...shopPage(() => import('../features/static-pages/pages/not-found-page').then((m) => m.NotFoundPage)),
                handle: { title: 'Page not found' } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
      {
        path: '/dashboard',
        // The dashboard has no shop layout around it: its fallback brings its own <main>.
        ...lazyPage(
          () => import('./dashboard-route').then((m) => m.DashboardRoute),
          <main id="main" className="site-main site-main--standalone">
            <LoadingStatus />
          </main>,
        ),
        errorElement: <RouteErrorPage standalone />,
        handle: { title: 'Dashboard' } satisfies RouteHandle,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <Navigate to="/dashboard/profile" replace /> },
              {
                path: 'profile',
                ...dashboardPage(() => import('../features/users/pages/profile-page').then((m) => m.ProfilePage)),
                handle: { title: 'Profile' } satisfies RouteHandle,
              },
              // Customer pages (the layout's RequireUser guards them); loaded on first visit, like the admin pages.
              {
                path: 'cart',
                ...dashboardPage(() => import('../features/cart/pages/cart-page').then((m) => m.CartPage)),
                handle: { title: 'My Cart' } satisfies RouteHandle,
              },
              {
                path: 'checkout',
                ...dashboardPage(() => import('./checkout-route').then((m) => m.CheckoutRoute)),
                handle: { title: 'Checkout' } satisfies RouteHandle,
              },
              {
                path: 'orders',
                ...dashboardPage(() => import('../features/orders/pages/my-orders-page').then((m) => m.MyOrdersPage)),
                handle: { title: 'My Orders' } satisfies RouteHandle,
              },
              {
                // Admin pages: one guard for all, and their code is loaded on first visit (not in the entry chunk).
                ...dashboardPage(() => import('./guards/require-admin').then((m) => m.AdminOutlet)),
                children: [
                  {
                    path: 'users',
                    ...dashboardPage(() => import('../features/users/pages/users-page').then((m) => m.UsersPage)),
                    handle: { title: 'Users' } satisfies RouteHandle,
                  },
                  {
                    path: 'addcategory',
                    ...dashboardPage(() => import('../features/catalogue/pages/add-category-page').then((m) => m.AddCategoryPage)),
                    handle: { title: 'Add Category' } satisfies RouteHandle,
                  },
                  {
                    path: 'addproducts',
                    ...dashboardPage(() => import('../features/catalogue/pages/add-product-page').then((m) => m.AddProductPage)),
                    handle: { title: 'Add Products' } satisfies RouteHandle,
                  },
                  {
                    path: 'manageproducts',
                    ...dashboardPage(() => import('../features/catalogue/pages/manage-products-page').then((m) => m.ManageProductsPage)),
                    handle: { title: 'Manage Products' } satisfies RouteHandle,
                  },
                  {
                    path: 'updateproduct/:id',
                    loader: productLoader,
                    ...dashboardPage(() => import('../features/catalogue/pages/update-product-page').then((m) => m.UpdateProductPage)),
                    handle: { title: 'Update Product' } satisfies RouteHandle,
                  },
                  {
                    path: 'addslider',
                    ...dashboardPage(() => import('../features/banners/pages/add-slider-page').then((m) => m.AddSliderPage)),
                    handle: { title: 'Add Slider Image' } satisfies RouteHandle,
                  },
                  {
                    path: 'managesliders',
                    ...dashboardPage(() => import('../features/banners/pages/manage-sliders-page').then((m) => m.ManageSlidersPage)),
                    handle: { title: 'Manage Slider Images' } satisfies RouteHandle,
                  },
                  {
                    path: 'allorders',
                    ...dashboardPage(() => import('../features/orders/pages/all-orders-page').then((m) => m.AllOrdersPage)),
                    handle: { title: 'All Orders' } satisfies RouteHandle,
                  },
                  {
                    path: 'addcoupon',
                    ...dashboardPage(() => import('../features/coupons/pages/add-coupon-page').then((m) => m.AddCouponPage)),
                    handle: { title: 'Add Coupon' } satisfies RouteHandle,
                  },
                  {
                    path: 'managecoupons',
                    ...dashboardPage(() => import('../features/coupons/pages/manage-coupons-page').then((m) => m.ManageCouponsPage)),
                    handle: { title: 'Manage Coupons' } satisfies RouteHandle,
                  },
                  {
                    path: 'audit',
                    ...dashboardPage(() => import('../features/orders/pages/audit-page').then((m) => m.AuditPage)),
                    handle: { title: 'Order Audit' } satisfies RouteHandle,
                  },
                ],
              },
              {
                path: '*',
                ...dashboardPage(() => import('../features/static-pages/pages/not-found-page').then((m) => m.NotFoundPage)),
                handle: { title: 'Page not found' } satisfies RouteHandle,
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
