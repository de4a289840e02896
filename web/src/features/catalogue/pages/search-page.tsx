import { GoBack } from '../../../components/go-back';
import { ListControls, useListFilter } from '../components/list-controls';
import { ProductList } from '../components/product-list';

/** /search?q=...: the products matching the words, best first unless sorted, with the same filters as the other lists. */
export function SearchPage() {
  const { filter, change } = useListFilter();

  return (
    <section className="page container" aria-labelledby="search-title">
      <GoBack />
      <div className="section__header">
        <h1 id="search-title" className="page__title">
          {filter.q ? `Results for “${filter.q}”` : 'Search'}
        </h1>
      </div>
      <ListControls filter={filter} change={change} withCategory />
      <ProductList filter={filter} emptyText="No products match your search." showCount eagerFirstRow />
    </section>
  );
}
