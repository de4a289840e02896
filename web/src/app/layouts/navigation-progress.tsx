import { useNavigationPending } from '../app-router';

/**
 * A thin bar under the header while the next page loads (a product, an admin page's code), since the
 * current page stays on screen meanwhile. Decorative: the new page's heading is the news.
 */
export function NavigationProgress() {
  if (!useNavigationPending()) return null;
  return <div className="navigation-progress" aria-hidden="true" />;
}
