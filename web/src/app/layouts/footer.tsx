import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SocialLinks } from '../../components/social-links';
import { categoryLabel, useCategories } from '../../features/catalogue/api/get-categories';
import { useShopName, useSiteConfig } from '../../features/site/api/get-site-config';
import { NAVIGATION, PAGES } from '../routes';

export function Footer() {
  const shopName = useShopName();
  const { data: config, status: configStatus } = useSiteConfig();
  // Read once per mount: the year is shown, not ticked.
  const [year] = useState(() => new Date().getFullYear());

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__name">{shopName}</p>
          <p>
            Anime figures, trading cards and collectibles for fans across Bangladesh. Prices in BDT, cash on delivery.
          </p>
        </div>

        <section aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="site-footer__heading">
            Categories
          </h2>
          <FooterCategories />
        </section>

        <section aria-labelledby="footer-info">
          <h2 id="footer-info" className="site-footer__heading">
            Information
          </h2>
          <ul className="site-footer__list">
            {NAVIGATION.footer.map(({ to, label }) => (
              <li key={label}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="site-footer__heading">
            Follow Us
          </h2>
          {config ? (
            <SocialLinks social={config.social} />
          ) : (
            <p className="site-footer__muted">
              {configStatus === 'error' ? 'Links are unavailable right now.' : 'Loading links…'}
            </p>
          )}
        </section>
      </div>

      <div className="site-footer__bottom">
        <p className="container">
          {`© ${year} ${shopName}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}

function FooterCategories() {
  const { data: categories, status } = useCategories();

  // The home page reports and logs a failure; the footer only degrades quietly.
  if (status === 'pending') return <p className="site-footer__muted">Loading categories…</p>;
  if (status === 'error') return <p className="site-footer__muted">Categories are unavailable right now.</p>;
  if (categories.length === 0) return <p className="site-footer__muted">No categories yet.</p>;

  return (
    <ul className="site-footer__list" data-testid="footer-categories">
      {categories.map((category) => (
        <li key={category._id}>
          <Link to={PAGES.allProducts.path}>{categoryLabel(category)}</Link>
        </li>
      ))}
    </ul>
  );
}
