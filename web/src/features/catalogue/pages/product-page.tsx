import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { GoBack } from '../../../components/go-back';
import { formatMoney } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { localized, localizedLabel } from '../../../lib/i18n/localized';
import { productQueryOptions } from '../api/get-product';
import { ProductGallery } from '../components/product-gallery';
import { ProductList } from '../components/product-list';
import { PurchaseForm } from '../components/purchase-form';
import { productMessages } from '../messages/product';
import type { PurchaseHandler } from '../purchase';
import { PAGES } from '../../../app/routes';
import { deliveryFeeValues } from '../../../lib/delivery-fees';

type ProductPageProps = {
  /** What Add to Cart and Order Now do for a signed-in customer. */
  onPurchase: PurchaseHandler;
};

/** /product/:id; an unknown id throws NotFoundError (get-product.ts) to the route's error boundary. */
export function ProductPage({ onPurchase }: ProductPageProps) {
  const { id = '' } = useParams();
  const { data: product } = useSuspenseQuery(productQueryOptions(id));
  const t = useT(productMessages);
  const lang = useLanguage();
  // Sizes and colors by their Bengali names when Bengali is shown and they have them (issue 33).
  const sizes = product.sizes.map((s) => localizedLabel(lang, product.sizes, product.sizesBn, s)).join(', ');
  const colors = product.colors.map((c) => localizedLabel(lang, product.colors, product.colorsBn, c)).join(', ');
  // Bengali title, description and category name when Bengali is shown and the product has them (issue 18).
  const title = localized(lang, product.title, product.titleBn);
  const description = localized(lang, product.description, product.descriptionBn);
  const category = localized(lang, product.category, product.categoryBn);

  return (
    <div className="page container product-page">
      <GoBack />
      {/* Keyed by product: opening another product from the list below starts a fresh gallery and form. */}
      <article key={product._id} className="product-detail" aria-labelledby="product-title">
        <ProductGallery title={title} images={product.images} />
        <div className="product-detail__info">
          <h1 id="product-title" className="product-detail__title">
            {title}
          </h1>
          <p className="product-detail__price" data-testid="product-price">
            {t('product.price', { price: formatMoney(product.price, lang) })}
          </p>
          <p className="product-detail__delivery" data-testid="delivery-fees">
            {t('product.deliveryFees', deliveryFeeValues(lang))}
          </p>
          <ul className="product-detail__facts">
            <li>
              <span className="product-detail__label">{t('product.type')}</span>{' '}
              <Link to={PAGES.category.link(product.category)}>{category}</Link>
            </li>
            <li>
              <span className="product-detail__label">{t('product.sizes')}</span> {sizes || t('product.notSpecified')}
            </li>
            <li>
              <span className="product-detail__label">{t('product.colors')}</span> {colors || t('product.notSpecified')}
            </li>
          </ul>
          {description.trim() !== '' && (
            <div className="product-detail__description">
              <h2 className="product-detail__subheading">{t('product.description')}</h2>
              {description
                .split(/\n{2,}/)
                .map((paragraph) => paragraph.trim())
                .filter(Boolean)
                .map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
            </div>
          )}
          <PurchaseForm product={product} onPurchase={onPurchase} />
        </div>
      </article>

      <section className="section" aria-labelledby="all-products-title">
        <div className="section__header">
          <h2 id="all-products-title" className="section__title">
            {t('product.allProducts')}
          </h2>
          <p className="section__lead">{t('product.moreFrom', { category })}</p>
        </div>
        {/* Every other product, paged (?page=): its category's first; asked for once the photo is painted. */}
        <ProductList filter={{ related: product._id }} titleAs="h3" afterPaint />
      </section>
    </div>
  );
}
