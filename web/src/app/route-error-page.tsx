import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { GoBack } from '../components/go-back';
import { useShopName } from '../features/site/api/get-site-config';
import { useT } from '../lib/i18n/i18n';
import { NotFoundError } from '../lib/not-found';
import { errorPageMessages, type ErrorPageId } from './messages/error-page';
import { documentTitle } from './route-handle';
import { PAGES } from './routes';

type RouteErrorPageProps = {
  /** What the page threw. */
  error: unknown;
  /** True when the layout itself failed, so this page must supply its own <main>. */
  standalone?: boolean;
};

export function RouteErrorPage({ error, standalone = false }: RouteErrorPageProps) {
  const shopName = useShopName();
  const t = useT(errorPageMessages);
  const notFound = error instanceof NotFoundError;
  const heading = t(notFound ? 'errorPage.notFound' : 'errorPage.failed');
  // A page can say what was not found, e.g. `new NotFoundError('Product not found')`: in the language
  // shown when the catalogue knows it.
  const given = notFound && error.message !== '' ? error.message : undefined;
  const known = given && t(`errorPage.detail.${given}` as ErrorPageId);
  const detail = known && !known.startsWith('errorPage.') ? known : given;

  useEffect(() => {
    // Not found is an expected answer (an unknown product), not a fault to report.
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
          <a className="button button--primary" href={PAGES.home.link()}>
            {t('errorPage.home')}
          </a>
        ) : (
          <Link className="button button--primary" to={PAGES.home.link()}>
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
