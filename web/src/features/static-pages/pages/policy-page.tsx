import { GoBack } from '../../../components/go-back';
import { useT } from '../../../lib/i18n/i18n';
import { staticPagesMessages } from '../messages/static-pages';

export function PolicyPage() {
  const t = useT(staticPagesMessages);
  return (
    <article className="page container container--narrow">
      <GoBack />
      <h1 className="page__title">{t('staticPages.policy.title')}</h1>
      <p className="page__lead">{t('staticPages.policy.lead')}</p>

      <section className="page__section" id="return-exchange" aria-labelledby="policy-returns">
        <h2 id="policy-returns">{t('staticPages.policy.returnsTitle')}</h2>
        <p>{t('staticPages.policy.returns')}</p>
      </section>

      <section className="page__section" id="order-issues" aria-labelledby="policy-issues">
        <h2 id="policy-issues">{t('staticPages.policy.issuesTitle')}</h2>
        <p>{t('staticPages.policy.issuesReport')}</p>
        <p>{t('staticPages.policy.issuesFault')}</p>
      </section>

      <section className="page__section" id="payment-delivery" aria-labelledby="policy-payment">
        <h2 id="policy-payment">{t('staticPages.policy.paymentTitle')}</h2>
        <p>{t('staticPages.policy.payment')}</p>
      </section>
    </article>
  );
}
