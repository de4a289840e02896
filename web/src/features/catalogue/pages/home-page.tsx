import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ProductCard } from '../../../components/product-card';
import { ProductGrid } from '../../../components/product-grid';
import { Spinner } from '../../../components/spinner';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { categoryLabel, useCategories, type Category } from '../api/get-categories';
import type { Product } from '../api/get-product';
import { useProducts } from '../api/get-products';
import { homeMessages } from '../messages/home';
import { PAGES } from '../../../app/routes';

type HomePageProps = {
  shopName: string;
  /** The banner slider; composed by the app layer (banners are another feature). */
  banner?: ReactNode;
};

export function HomePage({ shopName, banner }: HomePageProps) {
  const t = useT(homeMessages);
  return (
    <>
      <h1 className="visually-hidden">{t('home.welcome', { shopName })}</h1>
      {banner}
      <section className="section container" aria-labelledby="discover-title">
        <div className="section__header">
          <h2 id="discover-title" className="section__title">
            {t('home.discover')}
          </h2>
          <p className="section__lead">{t('home.lead')}</p>
        </div>
        <ProductsByCategory />
      </section>
    </>
  );
}

type CategoryGroup = { category: Category; products: Product[] };

/** Cards a category shows on the home page (two rows of the widest grid); "View all" leads to the rest. */
const PER_CATEGORY = 8;

/** Categories in the server's order (newest first), each with its first products; empty ones are left out. */
function groupByCategory(categories: readonly Category[], products: readonly Product[]): CategoryGroup[] {
  const byName = new Map<string, Product[]>();
  for (const product of products) {
    const list = byName.get(product.category);
    if (!list) byName.set(product.category, [product]);
    else if (list.length < PER_CATEGORY) list.push(product);
  }
  return categories.flatMap((category) => {
    const list = byName.get(category.category);
    return list ? [{ category, products: list }] : [];
  });
}

function ProductsByCategory() {
  const t = useT(homeMessages);
  const lang = useLanguage();
  // One call, grouped here: not one call per category. It asks for the first page (the 50 newest
  // products) explicitly, the same request public/prefetch.js starts; each group shows its newest
  // PER_CATEGORY, and its "View all" pages through the rest.
  const categories = useCategories();
  const products = useProducts({ page: 1 });
  const error = categories.error ?? products.error;
  // The grid of every product is rendered in the background, in slices, when the data comes: no long task.
  const categoryList = useDeferredValue(categories.data);
  const productList = useDeferredValue(products.data?.items);

  useEffect(() => {
    if (error) console.error('Failed to load categories', error);
  }, [error]);

  if (error) {
    return (
      <p className="notice notice--error" role="alert">
        {t('home.loadFailed')}
      </p>
    );
  }
  if (!categoryList || !productList) return <Spinner label={t('home.loading')} fill />;

  const groups = groupByCategory(categoryList, productList);
  if (groups.length === 0) return <p className="notice">{t('home.empty')}</p>;

  return (
    <div className="category-groups">
      {groups.map(({ category, products: list }) => {
        const headingId = `category-${category._id}`;
        return (
          <section key={category._id} className="category-group" aria-labelledby={headingId}>
            <div className="category-group__header">
              <h3 id={headingId} className="category-group__title">
                {categoryLabel(category, lang)}
              </h3>
              <Link to={PAGES.category.link(category.category)} className="category-group__more">
                {t('home.viewAll')}<span className="visually-hidden"> {categoryLabel(category, lang)}</span>
                <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" width="16" height="16">
                  <path d="M7.5 4.5 13 10l-5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </Link>
            </div>
            <ProductGrid>
              {list.map((product) => (
                <ProductCard key={product._id} product={product} titleAs="h4" />
              ))}
            </ProductGrid>
          </section>
        );
      })}
    </div>
  );
}
