import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SocialLinks } from '../../components/social-links';
import { categoryLabel, useCategories } from '../../features/catalogue/api/get-categories';
import { useShopName, useSiteConfig } from '../../features/site/api/get-site-config';
import { toBengaliDigits } from '../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../lib/i18n/i18n';
import { NAVIGATION, PAGES } from '../routes';
import { footerMessages } from './messages/footer';
import { navLabel } from './nav-labels';

export function Footer() {
  const t = useT(footerMessages);
  const lang = useLanguage();
  const shopName = useShopName();
  const { data: config, status: configStatus } = useSiteConfig();
  // Read once per mount: the year is shown, not ticked.
  const [year] = useState(() => new Date().getFullYear());

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__name">{shopName}</p>
          <p>{t('footer.about')}</p>
        </div>

        <section aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="site-footer__heading">
            {t('footer.categories')}
          </h2>
          <FooterCategories />
        </section>

        <section aria-labelledby="footer-info">
          <h2 id="footer-info" className="site-footer__heading">
            {t('footer.information')}
          </h2>
          <ul className="site-footer__list">
            {NAVIGATION.footer.map(({ to, label }) => (
              <li key={label}>
                <Link to={to}>{navLabel(t, 'footer', label)}</Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="site-footer__heading">
            {t('footer.followUs')}
          </h2>
          {config ? (
            <SocialLinks social={config.social} />
          ) : (
            <p className="site-footer__muted">
              {configStatus === 'error' ? t('footer.linksUnavailable') : t('footer.loadingLinks')}
            </p>
          )}
        </section>
      </div>

      <div className="site-footer__bottom">
        <p className="container">
          {t('footer.copyright', { year: lang === 'bn' ? toBengaliDigits(String(year)) : String(year), shopName })}
        </p>
      </div>
    </footer>
  );
}

function FooterCategories() {
  const t = useT(footerMessages);
  const lang = useLanguage();
  const { data: categories, status } = useCategories();

  // The home page reports and logs a failure; the footer only degrades quietly.
  if (status === 'pending') return <p className="site-footer__muted">{t('footer.loadingCategories')}</p>;
  if (status === 'error') return <p className="site-footer__muted">{t('footer.categoriesUnavailable')}</p>;
  if (categories.length === 0) return <p className="site-footer__muted">{t('footer.noCategories')}</p>;

  return (
    <ul className="site-footer__list" data-testid="footer-categories">
      {categories.map((category) => (
        <li key={category._id}>
          <Link to={PAGES.allProducts.path}>{categoryLabel(category, lang)}</Link>
        </li>
      ))}
    </ul>
  );
}
