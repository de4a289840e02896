import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { GoBack } from '../components/go-back';
import { useShopName } from '../features/site/api/get-site-config';
import { documentTitle } from './route-handle';

type RouteErrorPageProps = {
  /** True when the layout itself failed, so this page must supply its own <main>. */
  standalone?: boolean;
};

export function RouteErrorPage({ standalone = false }: RouteErrorPageProps) {
  const error = useRouteError();
  const shopName = useShopName();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = notFound ? 'Page not found' : 'Something went wrong';
  // A loader can say what was not found, e.g. `data({ message: 'Product not found' }, { status: 404 })`.
  const detail = notFound ? notFoundDetail(error.data) : undefined;

  useEffect(() => {
    // A 404 from a loader is an expected answer (an unknown product), not a fault to report.
    if (!notFound) console.error(error);
  }, [error, notFound]);

  useEffect(() => {
    document.title = documentTitle(heading, shopName);
  }, [heading, shopName]);

  const content = (
    <section className="page page--centered container container--narrow" aria-labelledby="error-title">
      <h1 id="error-title" className="page__title">
        {heading}
      </h1>
      <p className="page__lead">
        {detail
          ? `${detail}. It may have been removed, or the link may be wrong.`
          : notFound
            ? 'The page you are looking for does not exist or has moved.'
            : 'Sorry, this page could not be shown. Please go back or try again in a moment.'}
      </p>
      <div className="page__actions">
        {standalone ? (
          // A full page load recovers even if the app shell itself is broken.
          <a className="button button--primary" href="/">
            Back to home
          </a>
        ) : (
          <Link className="button button--primary" to="/">
            Back to home
          </Link>
        )}
        <GoBack />
      </div>
    </section>
  );

  if (!standalone) return content;
  return (
    <main id="main" className="site-main site-main--standalone">
      {content}
    </main>
  );
}

function notFoundDetail(data: unknown): string | undefined {
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
}
