import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every client-side page change starts at the top, as a full page load would. */
export function ScrollToTop() {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
