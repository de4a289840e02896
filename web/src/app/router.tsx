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
                lazy: () => import('../features/static-pages/pages/about-page').then((m) => ({ Component: m.AboutPage })),
                hydrateFallbackElement: pageFallback,
                handle: { title: 'About Us' } satisfies RouteHandle,
              },
              {
                path: 'contact',
                lazy: () => import('./contact-route').then((m) => ({ Component: m.ContactRoute })),
                hydrateFallbackElement: pageFallback,
                handle: { title: 'Contact' } satisfies RouteHandle,
              },
              {
                path: 'product/:id',
                loader: productLoader,
                lazy: () => import('./product-route').then((m) => ({ Component: m.ProductRoute })),
                // Shown inside the layout while the first page load waits for the product.
                hydrateFallbackElement: <Spinner label="Loading product" fill />,
                handle: { title: ({ data }) => (data as Product | undefined)?.title } satisfies RouteHandle,
              },
              {
                path: 'category/:categoryName',
                lazy: () => import('../features/catalogue/pages/category-page').then((m) => ({ Component: m.CategoryPage })),
                hydrateFallbackElement: pageFallback,
                handle: { title: ({ params }) => params.categoryName } satisfies RouteHandle,
              },
              {
                path: 'allproductandcategories',
                lazy: () => import('../features/catalogue/pages/all-products-page').then((m) => ({ Component: m.AllProductsPage })),
                hydrateFallbackElement: pageFallback,
                handle: { title: 'All Products' } satisfies RouteHandle,
              },
              {
                path: 'policy',
                lazy: () => import('../features/static-pages/pages/policy-page').then((m) => ({ Component: m.PolicyPage })),
                hydrateFallbackElement: pageFallback,
                handle: { title: 'Our Policy' } satisfies RouteHandle,
              },
              {
                path: 'login',
                lazy: () => import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
                hydrateFallbackElement: pageFallback,
                handle: { title: 'Log in' } satisfies RouteHandle,
              },
              {
                path: 'signup',
                lazy: () => import('../features/auth/pages/signup-page').then((m) => ({ Component: m.SignupPage })),
                hydrateFallbackElement: pageFallback,
                handle: { title: 'Sign up' } satisfies RouteHandle,
              },
              {
                path: 'reset-password',
                lazy: () => import('../features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
                hydrateFallbackElement: pageFallback,
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
                    lazy: () => import('../features/auth/pages/secret-page').then((m) => ({ Component: m.SecretPage })),
                    hydrateFallbackElement: pageFallback,
                  },
                ],
              },
              {
                path: '*',
                lazy: () => import('../features/static-pages/pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
                hydrateFallbackElement: pageFallback,
                handle: { title: 'Page not found' } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
      {
        path: '/dashboard',
        lazy: () => import('./dashboard-route').then((m) => ({ Component: m.DashboardRoute })),
        // The dashboard has no shop layout around it: its fallback brings its own <main>.
        hydrateFallbackElement: (
          <main id="main" className="site-main site-main--standalone">
            <LoadingStatus />
          </main>
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
                lazy: () => import('../features/users/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
                hydrateFallbackElement: <LoadingStatus />,
                handle: { title: 'Profile' } satisfies RouteHandle,
              },
              // Customer pages (the layout's RequireUser guards them); loaded on first visit, like the admin pages.
              {
                path: 'cart',
                lazy: () => import('../features/cart/pages/cart-page').then((m) => ({ Component: m.CartPage })),
                hydrateFallbackElement: <LoadingStatus />,
                handle: { title: 'My Cart' } satisfies RouteHandle,
              },
              {
                path: 'checkout',
                lazy: () => import('./checkout-route').then((m) => ({ Component: m.CheckoutRoute })),
                hydrateFallbackElement: <LoadingStatus />,
                handle: { title: 'Checkout' } satisfies RouteHandle,
              },
              {
                path: 'orders',
                lazy: () => import('../features/orders/pages/my-orders-page').then((m) => ({ Component: m.MyOrdersPage })),
                hydrateFallbackElement: <LoadingStatus />,
                handle: { title: 'My Orders' } satisfies RouteHandle,
              },
              {
                // Admin pages: one guard for all, and their code is loaded on first visit (not in the entry chunk).
                lazy: () => import('./guards/require-admin').then((m) => ({ Component: m.AdminOutlet })),
                hydrateFallbackElement: <LoadingStatus />,
                children: [
                  {
                    path: 'users',
                    lazy: () => import('../features/users/pages/users-page').then((m) => ({ Component: m.UsersPage })),
                    hydrateFallbackElement: <LoadingStatus />,
                    handle: { title: 'Users' } satisfies RouteHandle,
                  },
                  {
                    path: 'addcategory',
                    lazy: () => import('../features/catalogue/pages/add-category-page').then((m) => ({ Component: m.AddCategoryPage })),
                    hydrateFallbackElement: <LoadingStatus />,
                    handle: { title: 'Add Category' } satisfies RouteHandle,
                  },
                  {
                    path: 'addproducts',
                    lazy: () => import('../features/catalogue/pages/add-product-page').then((m) => ({ Component: m.AddProductPage })),
                    hydrateFallbackElement: <LoadingStatus />,
                    handle: { title: 'Add Products' } satisfies RouteHandle,
                  },
                  {
                    path: 'manageproducts',
                    lazy: () =>
                      import('../features/catalogue/pages/manage-products-page').then((m) => ({ Component: m.ManageProductsPage })),
                    hydrateFallbackElement: <LoadingStatus />,
                    handle: { title: 'Manage Products' } satisfies RouteHandle,
                  },
                  {
                    path: 'updateproduct/:id',
                    loader: productLoader,
                    lazy: () =>
                      import('../features/catalogue/pages/update-product-page').then((m) => ({ Component: m.UpdateProductPage })),
                    hydrateFallbackElement: <LoadingStatus />,
                    handle: { title: 'Update Product' } satisfies RouteHandle,
                  },
                  {
                    path: 'addslider',
                    lazy: () => import('../features/banners/pages/add-slider-page').then((m) => ({ Component: m.AddSliderPage })),
                    hydrateFallbackElement: <LoadingStatus />,
                    handle: { title: 'Add Slider Image' } satisfies RouteHandle,
                  },
                  {
                    path: 'managesliders',
                    lazy: () =>
                      import('../features/banners/pages/manage-sliders-page').then((m) => ({ Component: m.ManageSlidersPage })),
                    hydrateFallbackElement: <LoadingStatus />,
                    handle: { title: 'Manage Slider Images' } satisfies RouteHandle,
                  },
                  {
                    path: 'allorders',
                    lazy: () => import('../features/orders/pages/all-orders-page').then((m) => ({ Component: m.AllOrdersPage })),
                    hydrateFallbackElement: <LoadingStatus />,
                    handle: { title: 'All Orders' } satisfies RouteHandle,
                  },
                  {
                    path: 'addcoupon',
                    lazy: () => import('../features/coupons/pages/add-coupon-page').then((m) => ({ Component: m.AddCouponPage })),
                    hydrateFallbackElement: <LoadingStatus />,
                    handle: { title: 'Add Coupon' } satisfies RouteHandle,
                  },
                  {
                    path: 'managecoupons',
                    lazy: () =>
                      import('../features/coupons/pages/manage-coupons-page').then((m) => ({ Component: m.ManageCouponsPage })),
                    hydrateFallbackElement: <LoadingStatus />,
                    handle: { title: 'Manage Coupons' } satisfies RouteHandle,
                  },
                  {
                    path: 'audit',
                    lazy: () => import('../features/orders/pages/audit-page').then((m) => ({ Component: m.AuditPage })),
                    hydrateFallbackElement: <LoadingStatus />,
                    handle: { title: 'Order Audit' } satisfies RouteHandle,
                  },
                ],
              },
              {
                path: '*',
                lazy: () => import('../features/static-pages/pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
                hydrateFallbackElement: <LoadingStatus />,
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
