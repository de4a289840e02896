import { GoBack } from '../../../components/go-back';
import { SocialLinks, type SocialUrls } from '../../../components/social-links';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../lib/i18n/i18n';
import { staticPagesMessages } from '../messages/static-pages';

/** What this page needs from the site config; the app layer passes it in (features don't import each other). */
export type ContactDetails = {
  contact: { phone: string; email: string };
  social: SocialUrls;
};

type ContactPageProps = {
  details: ContactDetails | undefined;
  status: 'pending' | 'error' | 'success';
};

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function ContactPage({ details, status }: ContactPageProps) {
  const t = useT(staticPagesMessages);
  return (
    <article className="page container container--narrow">
      <GoBack />
      <h1 className="page__title">{t('staticPages.contact.title')}</h1>
      <p className="page__lead">{t('staticPages.contact.lead')}</p>

      {status === 'pending' && <Spinner label={t('staticPages.contact.loading')} />}
      {status === 'error' && (
        <p className="notice notice--error" role="alert">
          {t('staticPages.contact.loadFailed')}
        </p>
      )}
      {details && (
        <>
          <section className="page__section" aria-labelledby="contact-reach">
            <h2 id="contact-reach">{t('staticPages.contact.reachTitle')}</h2>
            <dl className="contact-list">
              <div className="contact-list__item">
                <dt>{t('staticPages.contact.phone')}</dt>
                <dd>
                  <a href={telHref(details.contact.phone)}>{details.contact.phone}</a>
                </dd>
              </div>
              <div className="contact-list__item">
                <dt>{t('staticPages.contact.email')}</dt>
                <dd>
                  <a href={`mailto:${details.contact.email}`}>{details.contact.email}</a>
                </dd>
              </div>
            </dl>
          </section>

          <section className="page__section" aria-labelledby="contact-social">
            <h2 id="contact-social">{t('staticPages.contact.socialTitle')}</h2>
            <p>{t('staticPages.contact.social')}</p>
            <SocialLinks social={details.social} className="social-links--boxed" />
          </section>
        </>
      )}
    </article>
  );
}
