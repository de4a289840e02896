import { GoBack } from '../../../components/go-back';
import { useT } from '../../../lib/i18n/i18n';
import { staticPagesMessages } from '../messages/static-pages';

export function AboutPage() {
  const t = useT(staticPagesMessages);
  return (
    <article className="page container container--narrow">
      <GoBack />
      <h1 className="page__title">{t('staticPages.about.title')}</h1>
      <p className="page__lead">{t('staticPages.about.lead')}</p>

      <section className="page__section" aria-labelledby="about-what">
        <h2 id="about-what">{t('staticPages.about.whatTitle')}</h2>
        <p>{t('staticPages.about.what')}</p>
      </section>

      <section className="page__section" aria-labelledby="about-how">
        <h2 id="about-how">{t('staticPages.about.howTitle')}</h2>
        <p>{t('staticPages.about.how')}</p>
      </section>

      <section className="page__section" aria-labelledby="about-care">
        <h2 id="about-care">{t('staticPages.about.careTitle')}</h2>
        <p>{t('staticPages.about.care')}</p>
      </section>
    </article>
  );
}
