import { useDeferredValue, useEffect } from 'react';
import { ProductCard } from '../../../components/product-card';
import { Pager, usePageParam } from '../../../components/pager';
import { ProductGrid } from '../../../components/product-grid';
import { Spinner } from '../../../components/spinner';
import { useAfterFirstPaint } from '../../../lib/after-paint';
import { useT } from '../../../lib/i18n/i18n';
import { useProducts, type ProductsFilter } from '../api/get-products';
import { productListMessages } from '../messages/product-list';

type ProductListProps = {
  /** What narrows and orders the list; every product, newest first, without it. */
  filter?: ProductsFilter;
  titleAs?: 'h2' | 'h3';
  /** Shown when nothing matches. */
  emptyText?: string;
  /** "12 products" above the grid, read out when it changes (search results). */
  showCount?: boolean;
  /** The first row loads at once when the list is the top of the page. */
  eagerFirstRow?: boolean;
  /** Asks for its products once the page around it has been painted (a list below a product's photo). */
  afterPaint?: boolean;
};

const FIRST_ROW = 4;
/**
 * The first render of a list's first answer shows only the first row's cards, the rest follow in a
 * background render: the first screen's picture is painted without waiting for all the page's cards, and
 * the pictures further down are not asked for before it (Lighthouse on /allproductandcategories: LCP
 * 3.2-3.7 s with every card at once, 2.4-2.7 s so; docs/performance.md).
 */
const FIRST_SLICE = FIRST_ROW;

/** Products in the server's order in the product grid, a page at a time (?page=), with the loading, error and empty states. */
export function ProductList({ filter = {}, titleAs = 'h2', emptyText, showCount = false, eagerFirstRow = false, afterPaint = false }: ProductListProps) {
  const t = useT(productListMessages);
  const page = usePageParam();
  const painted = useAfterFirstPaint(afterPaint);
  const { data: current, error } = useProducts({ ...filter, page }, { enabled: painted });
  // A long list is rendered in the background, in slices, when its data comes: no long task (TBT).
  // The very first answer shows its first cards at once (the rest in the background); a later one
  // (another page, filter or sort) replaces the list once it is rendered whole.
  const deferred = useDeferredValue(current);
  const data = deferred ?? current;
  const whole = deferred !== undefined;

  useEffect(() => {
    if (error) console.error('Failed to load products', error);
  }, [error]);

  if (error) {
    return (
      <p className="notice notice--error" role="alert">
        {t('productList.loadFailed')}
      </p>
    );
  }
  if (!data) return <Spinner label={t('productList.loading')} fill />;

  return (
    <>
      {showCount && (
        <p className="product-list__count" role="status" data-testid="product-count">
          {t('productList.count', { count: data.total })}
        </p>
      )}
      {data.items.length === 0 && page === 1 ? (
        <p className="notice" role="status">
          {emptyText ?? t('productList.none')}
        </p>
      ) : (
        <>
          {/* Until the rest come, the grid holds the footer below the fold (no shift when they do). */}
          <ProductGrid className={whole ? undefined : 'product-grid--first-cards'}>
            {(whole ? data.items : data.items.slice(0, FIRST_SLICE)).map((product, index) => (
              <ProductCard key={product._id} product={product} titleAs={titleAs} eager={eagerFirstRow && index < FIRST_ROW} />
            ))}
          </ProductGrid>
          {whole && <Pager page={page} total={data.total} shown={data.items.length} label={t('productList.pages')} />}
        </>
      )}
    </>
  );
}
