import { useNavigation } from 'react-router-dom';

/**
 * A thin bar under the header while the router loads the next page (a product, an admin page's code),
 * since the current page stays on screen meanwhile. Decorative: the new page's heading is the news.
 */
export function NavigationProgress() {
  const { state } = useNavigation();
  if (state !== 'loading') return null;
  return <div className="navigation-progress" aria-hidden="true" />;
}
