import { GoBack } from '../../../components/go-back';
import { Spinner } from '../../../components/spinner';
import { CategoryFilter, useCategoriesSettled } from '../components/category-filter';
import { ListControls, useListFilter } from '../components/list-controls';
import { ProductList } from '../components/product-list';
import { useT } from '../../../lib/i18n/i18n';
import { isFiltered } from '../list-filter';
import { productListMessages } from '../messages/product-list';

/** /allproductandcategories: every product, newest first unless sorted, filtered by the URL query; links to each category. */
export function AllProductsPage() {
  const t = useT(productListMessages);
  const settled = useCategoriesSettled();
  const { filter: inUrl, change } = useListFilter();
  // The category is a page of its own (the links above the list), not a filter here.
  const filter = { ...inUrl, category: undefined };

  return (
    <section className="page container" aria-labelledby="all-products-title">
      <GoBack />
      <div className="section__header">
        <h1 id="all-products-title" className="page__title">
          {t('productList.allProducts')}
        </h1>
        {settled && <CategoryFilter />}
      </div>
      {/* With the category links, when the categories have come: nothing above the list moves. */}
      {settled && <ListControls filter={filter} change={change} />}
      {settled ? (
        <ProductList filter={filter} emptyText={isFiltered(filter) ? t('productList.noMatch') : t('productList.none')} eagerFirstRow />
      ) : (
        <Spinner label={t('productList.loading')} fill />
      )}
    </section>
  );
}
