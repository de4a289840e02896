import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { LoadingStatus } from '../components/loading-status';
import { Spinner } from '../components/spinner';
import { LoginPage } from '../features/auth/pages/login-page';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import { SecretPage } from '../features/auth/pages/secret-page';
import { SignupPage } from '../features/auth/pages/signup-page';
import type { Product } from '../features/catalogue/api/get-product';
import { AllProductsPage } from '../features/catalogue/pages/all-products-page';
import { CategoryPage } from '../features/catalogue/pages/category-page';
import { productLoader } from '../features/catalogue/product-loader';
import { AboutPage } from '../features/static-pages/pages/about-page';
import { NotFoundPage } from '../features/static-pages/pages/not-found-page';
import { PolicyPage } from '../features/static-pages/pages/policy-page';
import { ProfilePage } from '../features/users/pages/profile-page';
import { UsersPage } from '../features/users/pages/users-page';
import { RequireAdmin } from './guards/require-admin';
import { RequireUser } from './guards/require-user';
import { AuthRoot } from './layouts/auth-root';
import { DashboardLayout } from './layouts/dashboard-layout';
import { RootLayout } from './layouts/root-layout';
import { ContactRoute, HomeRoute, ProductRoute } from './route-elements';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';

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
              { path: 'about', element: <AboutPage />, handle: { title: 'About Us' } satisfies RouteHandle },
              { path: 'contact', element: <ContactRoute />, handle: { title: 'Contact' } satisfies RouteHandle },
              {
                path: 'product/:id',
                loader: productLoader,
                element: <ProductRoute />,
                // Shown inside the layout while the first page load waits for the product.
                hydrateFallbackElement: <Spinner label="Loading product" />,
                handle: { title: ({ data }) => (data as Product | undefined)?.title } satisfies RouteHandle,
              },
              {
                path: 'category/:categoryName',
                element: <CategoryPage />,
                handle: { title: ({ params }) => params.categoryName } satisfies RouteHandle,
              },
              {
                path: 'allproductandcategories',
                element: <AllProductsPage />,
                handle: { title: 'All Products' } satisfies RouteHandle,
              },
              { path: 'policy', element: <PolicyPage />, handle: { title: 'Our Policy' } satisfies RouteHandle },
              { path: 'login', element: <LoginPage />, handle: { title: 'Log in' } satisfies RouteHandle },
              { path: 'signup', element: <SignupPage />, handle: { title: 'Sign up' } satisfies RouteHandle },
              {
                path: 'reset-password',
                element: <ResetPasswordPage />,
                handle: { title: 'Reset password' } satisfies RouteHandle,
              },
              {
                path: 'secret',
                element: (
                  <RequireUser>
                    <SecretPage />
                  </RequireUser>
                ),
                handle: { title: 'Secret' } satisfies RouteHandle,
              },
              { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } satisfies RouteHandle },
            ],
          },
        ],
      },
      {
        path: '/dashboard',
        element: (
          <RequireUser standalone>
            <DashboardLayout />
          </RequireUser>
        ),
        errorElement: <RouteErrorPage standalone />,
        handle: { title: 'Dashboard' } satisfies RouteHandle,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <Navigate to="/dashboard/profile" replace /> },
              { path: 'profile', element: <ProfilePage />, handle: { title: 'Profile' } satisfies RouteHandle },
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
                path: 'users',
                element: (
                  <RequireAdmin>
                    <UsersPage />
                  </RequireAdmin>
                ),
                handle: { title: 'Users' } satisfies RouteHandle,
              },
              {
                // Admin pages: one guard for all, and their code is loaded on first visit (not in the entry chunk).
                element: (
                  <RequireAdmin>
                    <Outlet />
                  </RequireAdmin>
                ),
                children: [
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
              { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } satisfies RouteHandle },
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
