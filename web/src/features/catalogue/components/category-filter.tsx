import { NavLink, useSearchParams } from 'react-router-dom';
import { categoryLabel, useCategories } from '../api/get-categories';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { searchWith } from '../list-filter';
import { productListMessages } from '../messages/product-list';
import { PAGES } from '../../../app/routes';

/**
 * Whether the categories have come (or failed): the pages with the filter wait for it before they
 * show the filter and the list together, so the filter's rows never push the list down (layout shift).
 */
export function useCategoriesSettled() {
  const { data, error } = useCategories();
  return data !== undefined || error !== null;
}

/**
 * A row of links: all products, then each category; the current one is marked (aria-current). Each
 * keeps the list's sort and filters (from page 1): the category is the one filter in the path.
 */
export function CategoryFilter() {
  const t = useT(productListMessages);
  const lang = useLanguage();
  const { data: categories } = useCategories();
  const [params] = useSearchParams();
  const search = searchWith(params, { category: undefined });
  // A failure here only hides the shortcuts; the products below have their own states.
  if (!categories || categories.length === 0) return null;

  return (
    <nav className="category-filter" aria-label={t('productList.categories')}>
      <ul className="category-filter__list">
        <li>
          <NavLink to={{ pathname: PAGES.allProducts.link(), search }} end className="category-filter__link">
            {t('productList.allCategoriesLink')}
          </NavLink>
        </li>
        {categories.map((category) => (
          <li key={category._id}>
            <NavLink to={{ pathname: PAGES.category.link(category.category), search }} end className="category-filter__link">
              {categoryLabel(category, lang)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
