import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AboutPage } from '../features/static-pages/pages/about-page';
import { NotFoundPage } from '../features/static-pages/pages/not-found-page';
import { PolicyPage } from '../features/static-pages/pages/policy-page';
import { RootLayout } from './layouts/root-layout';
import { ContactRoute, HomeRoute } from './route-elements';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';

export const routes: RouteObject[] = [
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
          { path: 'policy', element: <PolicyPage />, handle: { title: 'Our Policy' } satisfies RouteHandle },
          { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } satisfies RouteHandle },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
