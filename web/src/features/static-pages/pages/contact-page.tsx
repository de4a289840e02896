import { GoBack } from '../../../components/go-back';
import { SocialLinks, type SocialUrls } from '../../../components/social-links';
import { Spinner } from '../../../components/spinner';

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
  return (
    <article className="page container container--narrow">
      <GoBack />
      <h1 className="page__title">Contact Us</h1>
      <p className="page__lead">
        Questions about a product, your order or a delivery? Get in touch and we will get back to you as soon as we
        can. For an order issue, please mention your name and phone number used at checkout.
      </p>

      {status === 'pending' && <Spinner />}
      {status === 'error' && (
        <p className="notice notice--error" role="alert">
          Contact details could not be loaded. Please try again later.
        </p>
      )}
      {details && (
        <>
          <section className="page__section" aria-labelledby="contact-reach">
            <h2 id="contact-reach">Reach us</h2>
            <dl className="contact-list">
              <div className="contact-list__item">
                <dt>Phone</dt>
                <dd>
                  <a href={telHref(details.contact.phone)}>{details.contact.phone}</a>
                </dd>
              </div>
              <div className="contact-list__item">
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${details.contact.email}`}>{details.contact.email}</a>
                </dd>
              </div>
            </dl>
          </section>

          <section className="page__section" aria-labelledby="contact-social">
            <h2 id="contact-social">Social media</h2>
            <p>New arrivals, restocks and card drops are announced on our social pages first.</p>
            <SocialLinks social={details.social} className="social-links--boxed" />
          </section>
        </>
      )}
    </article>
  );
}
