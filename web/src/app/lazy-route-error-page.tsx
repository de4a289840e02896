import { lazy, Suspense } from 'react';
import { useT } from '../lib/i18n/i18n';
import { commonMessages } from '../lib/messages/common';

type Props = { error: unknown; standalone?: boolean | undefined };

// The error page is a chunk of its own, fetched when a route fails (decision 038: it left the entry
// chunk to make room for the languages within the 125 kB budget of `/`). If even that cannot be
// fetched (offline, or a new release replaced the files), one line asks for a reload.
const RouteErrorPage = lazy(() =>
  import('./route-error-page').then(
    (m) => ({ default: m.RouteErrorPage }),
    () => ({ default: PageFailed }),
  ),
);

/** When even the error page's chunk cannot be fetched. */
function PageFailed() {
  const t = useT(commonMessages);
  return <p role="alert">{t('common.pageFailed')}</p>;
}

/** route-error-page.tsx's page, loaded on demand: what RouteErrorBoundary shows. */
export function LazyRouteErrorPage(props: Props) {
  return (
    <Suspense fallback={null}>
      <RouteErrorPage {...props} />
    </Suspense>
  );
}
