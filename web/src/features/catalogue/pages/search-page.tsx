import { GoBack } from '../../../components/go-back';
import { ListControls, useListFilter } from '../components/list-controls';
import { ProductList } from '../components/product-list';
import { useT } from '../../../lib/i18n/i18n';
import { productListMessages } from '../messages/product-list';

/** /search?q=...: the products matching the words, best first unless sorted, with the same filters as the other lists. */
export function SearchPage() {
  const t = useT(productListMessages);
  const { filter, change } = useListFilter();

  return (
    <section className="page container" aria-labelledby="search-title">
      <GoBack />
      <div className="section__header">
        <h1 id="search-title" className="page__title">
          {filter.q ? t('productList.resultsFor', { query: filter.q }) : t('productList.search')}
        </h1>
      </div>
      <ListControls filter={filter} change={change} withCategory />
      <ProductList filter={filter} emptyText={t('productList.noSearchMatch')} showCount eagerFirstRow />
    </section>
  );
}
