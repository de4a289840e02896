import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { GoBack } from '../components/go-back';
import { useShopName } from '../features/site/api/get-site-config';
import { useT } from '../lib/i18n/i18n';
import { errorPageMessages, type ErrorPageId } from './messages/error-page';
import { documentTitle } from './route-handle';

type RouteErrorPageProps = {
  /** True when the layout itself failed, so this page must supply its own <main>. */
  standalone?: boolean;
};

export function RouteErrorPage({ standalone = false }: RouteErrorPageProps) {
  const error = useRouteError();
  const shopName = useShopName();
  const t = useT(errorPageMessages);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = t(notFound ? 'errorPage.notFound' : 'errorPage.failed');
  // A loader can say what was not found, e.g. `data({ message: 'Product not found' }, { status: 404 })`:
  // in the language shown when the catalogue knows it.
  const given = notFound ? notFoundDetail(error.data) : undefined;
  const known = given && t(`errorPage.detail.${given}` as ErrorPageId);
  const detail = known && !known.startsWith('errorPage.') ? known : given;

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
        {detail ? t('errorPage.detail', { detail }) : t(notFound ? 'errorPage.missing' : 'errorPage.sorry')}
      </p>
      <div className="page__actions">
        {standalone ? (
          // A full page load recovers even if the app shell itself is broken.
          <a className="button button--primary" href="/">
            {t('errorPage.home')}
          </a>
        ) : (
          <Link className="button button--primary" to="/">
            {t('errorPage.home')}
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
