import { useDeferredValue, useEffect } from 'react';
import { ProductCard } from '../../../components/product-card';
import { Pager, usePageParam } from '../../../components/pager';
import { ProductGrid } from '../../../components/product-grid';
import { Spinner } from '../../../components/spinner';
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
};

const FIRST_ROW = 4;

/** Products in the server's order in the product grid, a page at a time (?page=), with the loading, error and empty states. */
export function ProductList({ filter = {}, titleAs = 'h2', emptyText, showCount = false, eagerFirstRow = false }: ProductListProps) {
  const t = useT(productListMessages);
  const page = usePageParam();
  const { data: current, error } = useProducts({ ...filter, page });
  // A long list is rendered in the background, in slices, when its data comes: no long task (TBT).
  const data = useDeferredValue(current);

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
          <ProductGrid>
            {data.items.map((product, index) => (
              <ProductCard key={product._id} product={product} titleAs={titleAs} eager={eagerFirstRow && index < FIRST_ROW} />
            ))}
          </ProductGrid>
          <Pager page={page} total={data.total} shown={data.items.length} label={t('productList.pages')} />
        </>
      )}
    </>
  );
}
