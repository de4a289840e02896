import { createContext, use, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { UNSAFE_createBrowserHistory as createBrowserHistory, Router, type Navigator, type To } from 'react-router-dom';

/*
 * The app's router: react-router's declarative mode (<Router> + useRoutes in router.tsx), not its data
 * router. createBrowserRouter/RouterProvider brought ~16 kB gzipped of code the shop did not use (loaders,
 * actions, fetchers, revalidation, hydration) into the first load of `/` (decision 044). What the data
 * router gave that the shop uses is here and in router.tsx:
 * - every page change is a transition (as BrowserRouter's): the current page stays on screen while the
 *   next one's code or data loads (lazy pages and useSuspenseQuery suspend under a Suspense boundary that
 *   is already showing), and `useNavigationPending()` says so (the progress bar under the header);
 * - `navigate(to, { flushSync: true })` renders the new page synchronously (leaving a page before a log-out).
 */

type Update = Parameters<Parameters<ReturnType<typeof createBrowserHistory>['listen']>[0]>[0];

const PendingContext = createContext(false);

/** True while a page change waits for the next page's code or data (the current page still showing). */
export function useNavigationPending(): boolean {
  return use(PendingContext);
}

type NavigateOptions = { flushSync?: boolean } | undefined;

export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState<Pick<Update, 'action' | 'location'>>({ action: history.action, location: history.location });
  const [pending, startNavigation] = useTransition();
  // The next update renders synchronously: set by a navigation that asked for flushSync.
  const [sync] = useState(() => ({ next: false }));

  const [navigator] = useState<Navigator>(() => ({
    ...history,
    push: (to: To, pushState?: unknown, options?: NavigateOptions) => {
      sync.next = options?.flushSync === true;
      history.push(to, pushState);
    },
    replace: (to: To, replaceState?: unknown, options?: NavigateOptions) => {
      sync.next = options?.flushSync === true;
      history.replace(to, replaceState);
    },
  }));

  // Links, navigate() and the browser's back and forward buttons all arrive here.
  useLayoutEffect(
    () =>
      history.listen((update) => {
        const next = { action: update.action, location: update.location };
        if (sync.next) {
          sync.next = false;
          flushSync(() => setState(next));
        } else {
          startNavigation(() => setState(next));
        }
      }),
    [history, sync],
  );

  return (
    <PendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        {children}
      </Router>
    </PendingContext>
  );
}
