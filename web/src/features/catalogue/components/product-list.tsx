import { useDeferredValue, useEffect } from 'react';
import { ProductCard } from '../../../components/product-card';
import { Pager, usePageParam } from '../../../components/pager';
import { ProductGrid } from '../../../components/product-grid';
import { Spinner } from '../../../components/spinner';
import { newestFirst, useProducts } from '../api/get-products';

type ProductListProps = {
  /** Only this category's products (exact name); all products without it. */
  category?: string;
  titleAs?: 'h2' | 'h3';
  /** Shown when the list is empty. */
  emptyText?: string;
  /** The first row loads at once when the list is the top of the page. */
  eagerFirstRow?: boolean;
};

const FIRST_ROW = 4;

/** Products newest first in the product grid, a page at a time (?page=), with the loading, error and empty states. */
export function ProductList({ category, titleAs = 'h2', emptyText = 'No products yet.', eagerFirstRow = false }: ProductListProps) {
  const page = usePageParam();
  const { data: current, error } = useProducts({ category, page });
  // A long list is rendered in the background, in slices, when its data comes: no long task (TBT).
  const data = useDeferredValue(current);

  useEffect(() => {
    if (error) console.error('Failed to load products', error);
  }, [error]);

  if (error) {
    return (
      <p className="notice notice--error" role="alert">
        Failed to load products
      </p>
    );
  }
  if (!data) return <Spinner label="Loading products" fill />;
  if (data.items.length === 0 && page === 1) return <p className="notice">{emptyText}</p>;

  return (
    <>
      <ProductGrid>
        {newestFirst(data.items).map((product, index) => (
          <ProductCard key={product._id} product={product} titleAs={titleAs} eager={eagerFirstRow && index < FIRST_ROW} />
        ))}
      </ProductGrid>
      <Pager page={page} total={data.total} shown={data.items.length} label="Product pages" />
    </>
  );
}
