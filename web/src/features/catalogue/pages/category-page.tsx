import { useParams } from 'react-router-dom';
import { GoBack } from '../../../components/go-back';
import { Spinner } from '../../../components/spinner';
import { categoryLabel, useCategories } from '../api/get-categories';
import { CategoryFilter, useCategoriesSettled } from '../components/category-filter';
import { ListControls, useListFilter } from '../components/list-controls';
import { ProductList } from '../components/product-list';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { isFiltered } from '../list-filter';
import { NotFoundError } from '../../../lib/not-found';
import { productListMessages } from '../messages/product-list';

/**
 * /category/:categoryName: that category's products, newest first unless sorted, filtered by the URL
 * query. A name no category has is not found (issue 33): the route's error boundary shows the
 * not-found page, as for an unknown product (the server answers the document with a 404 too).
 */
export function CategoryPage() {
  // The router has already decoded the segment (/category/Trading%20Cards -> "Trading Cards").
  const t = useT(productListMessages);
  const { categoryName = '' } = useParams();
  const { filter: inUrl, change } = useListFilter();
  // The path names the category; the links above the list change it.
  const filter = { ...inUrl, category: undefined };

  const settled = useCategoriesSettled();
  // The heading in the language shown (issue 18): the path names the category in English, its identity.
  const lang = useLanguage();
  const key = categoryName.trim().toLocaleLowerCase('en-US');
  const { data: categories, isFetching } = useCategories();
  const shown = categories?.find((c) => c.category.trim().toLocaleLowerCase('en-US') === key);
  // Not while a kept list is being asked for again: the category may have been added since.
  if (categories && !isFetching && !shown) throw new NotFoundError('Category not found');

  return (
    <section className="page container" aria-labelledby="category-title">
      <GoBack />
      <div className="section__header">
        <h1 id="category-title" className="page__title">
          {shown ? categoryLabel(shown, lang) : categoryName}
        </h1>
        {settled && <CategoryFilter />}
      </div>
      {/* With the category links, when the categories have come: nothing above the list moves. */}
      {settled && <ListControls filter={filter} change={change} />}
      {settled ? (
        <ProductList
          filter={{ ...filter, category: categoryName }}
          emptyText={isFiltered(filter) ? t('productList.noMatch') : t('productList.noneInCategory')}
          eagerFirstRow
        />
      ) : (
        <Spinner label={t('productList.loading')} fill />
      )}
    </section>
  );
}
