import { useLocation, useSearchParams } from 'react-router-dom';

/**
 * The page's URL query and a change to it, made on the query in the address bar rather than on the
 * rendered one. Every page change is a transition (app/app-router.tsx): history has the new query at
 * once, the page renders it a moment later (much later on a slow phone or a loaded machine), and a
 * second change made in that moment, built on the rendered query, dropped the first (a sort lost to
 * the category chosen right after it: tests/e2e/search.spec.ts). While another page's address is
 * already in the bar (a link followed, its page still loading), the rendered query is the one to
 * change, as before.
 */
export function useQueryChange(): readonly [URLSearchParams, (next: (latest: URLSearchParams) => URLSearchParams | string) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const change = (next: (latest: URLSearchParams) => URLSearchParams | string) => {
    const latest = window.location.pathname === pathname ? new URLSearchParams(window.location.search) : params;
    setParams(next(latest));
  };
  return [params, change] as const;
}
