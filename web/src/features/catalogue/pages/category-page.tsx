import { useParams } from 'react-router-dom';
import { GoBack } from '../../../components/go-back';
import { Spinner } from '../../../components/spinner';
import { categoryLabel, useCategories } from '../api/get-categories';
import { CategoryFilter, useCategoriesSettled } from '../components/category-filter';
import { ListControls, useListFilter } from '../components/list-controls';
import { ProductList } from '../components/product-list';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { isFiltered } from '../list-filter';
import { productListMessages } from '../messages/product-list';

/** /category/:categoryName: that category's products, newest first unless sorted, filtered by the URL query. */
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
  const shown = useCategories().data?.find((c) => c.category.trim().toLocaleLowerCase('en-US') === key);

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
