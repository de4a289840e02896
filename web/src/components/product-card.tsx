import { Link } from 'react-router-dom';
import { formatMoney } from '../../../src/shared/locale-format';
import { useLanguage, useT } from '../lib/i18n/i18n';
import { localized } from '../lib/i18n/localized';
import { PRODUCT_GRID_SIZES, responsiveImageProps } from '../lib/image-srcset';
import { productCardMessages } from './messages/product-card';
import { PAGES } from '../app/routes';

/** What a card shows; a catalogue Product fits (declared here: shared components import no feature). */
export type ProductCardData = {
  _id: string;
  title: string;
  /** Bengali title and category name (issue 18), shown in Bengali when there. */
  titleBn?: string | undefined;
  category: string;
  categoryBn?: string | undefined;
  price: number;
  images: readonly string[];
  variants?: readonly { stock: number }[];
};

type ProductCardProps = {
  product: ProductCardData;
  /** Heading level of the title, one below the heading of the list the card is in. */
  titleAs?: 'h2' | 'h3' | 'h4';
  /** Load the image at once (a card in the first screenful); otherwise it waits until scrolled near. */
  eager?: boolean;
};

export const CARD_IMAGE_SIZE = 480;

/**
 * The whole card opens the product: the title link is stretched over the card (see .product-card__link),
 * and the category link sits above it, so no link is nested in another and each has its own name.
 */
export function ProductCard({ product, titleAs: Title = 'h3', eager = false }: ProductCardProps) {
  const t = useT(productCardMessages);
  const lang = useLanguage();
  const image = product.images[0];
  const title = localized(lang, product.title, product.titleBn);

  return (
    <article className="product-card" data-testid="product-card">
      <div className="product-card__media">
        {image ? (
          <img
            {...responsiveImageProps(image, PRODUCT_GRID_SIZES)}
            alt={title}
            width={CARD_IMAGE_SIZE}
            height={CARD_IMAGE_SIZE}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="product-card__image"
          />
        ) : (
          <span className="product-card__no-image">{t('productCard.noPhoto')}</span>
        )}
        {product.variants?.some((v) => v.stock > 0) === false && <span className="product-card__badge">{t('productCard.soldOut')}</span>}
      </div>
      <div className="product-card__body">
        <Title className="product-card__title">
          <Link to={PAGES.product.link(product._id)} className="product-card__link">
            {title}
          </Link>
        </Title>
        <p className="product-card__category">
          <Link to={PAGES.category.link(product.category)} className="product-card__category-link">
            {t('productCard.category', { category: localized(lang, product.category, product.categoryBn) })}
          </Link>
        </p>
        <p className="product-card__price">{t('productCard.price', { price: formatMoney(product.price, lang) })}</p>
      </div>
    </article>
  );
}
