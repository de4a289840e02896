import { Link } from 'react-router-dom';
import { GoBack } from '../../../components/go-back';
import { useT } from '../../../lib/i18n/i18n';
import { staticPagesMessages } from '../messages/static-pages';
import { PAGES } from '../../../app/routes';

export function NotFoundPage() {
  const t = useT(staticPagesMessages);
  return (
    <section className="page page--centered container container--narrow" aria-labelledby="not-found-title">
      <p className="page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="page__title">
        {t('staticPages.notFound.title')}
      </h1>
      <p className="page__lead">{t('staticPages.notFound.lead')}</p>
      <div className="page__actions">
        <Link className="button button--primary" to={PAGES.home.link()}>
          {t('staticPages.notFound.home')}
        </Link>
        <GoBack />
      </div>
    </section>
  );
}
