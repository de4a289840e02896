import { useMemo, type FormEvent } from 'react';
import { categoryLabel, useCategories } from '../api/get-categories';
import type { ProductSort } from '../api/get-products';
import { defaultSort, filterFromSearch, isFiltered, priceOf, searchWith, type ListFilter } from '../list-filter';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { useQueryChange } from '../../../lib/use-query-change';
import { useShown } from '../../../lib/use-shown';
import { productListMessages } from '../messages/product-list';

/** The list's filter in the URL query, and a change to it (a new history entry, back on page 1). */
export function useListFilter() {
  const [params, changeQuery] = useQueryChange();
  const filter = useMemo(() => filterFromSearch(params), [params]);
  const change = (changes: Partial<ListFilter>) => changeQuery((latest) => searchWith(latest, changes));
  return { filter, change };
}

const SORT_LABELS = {
  relevance: 'productList.sort.relevance',
  newest: 'productList.sort.newest',
  price_asc: 'productList.sort.priceAsc',
  price_desc: 'productList.sort.priceDesc',
} as const satisfies Record<ProductSort, string>;

type ListControlsProps = {
  filter: ListFilter;
  change: (changes: Partial<ListFilter>) => void;
  /** A category select (search results); the other lists have their category in the path. */
  withCategory?: boolean;
};

/** Sort, category, price range and "In stock only" of a list of products; each change is applied at once. */
export function ListControls({ filter, change, withCategory = false }: ListControlsProps) {
  const t = useT(productListMessages);
  const lang = useLanguage();
  const { data: categories } = useCategories();
  const sorts = (Object.keys(SORT_LABELS) as ProductSort[]).filter((sort) => sort !== 'relevance' || filter.q);
  const [sort, setSort] = useShown(filter.sort ?? defaultSort(filter));
  const [category, setCategory] = useShown(filter.category ?? '');
  const [inStock, setInStock] = useShown(filter.inStock === true);
  const [minPrice, setMinPrice] = useShown(String(filter.minPrice ?? ''));
  const [maxPrice, setMaxPrice] = useShown(String(filter.maxPrice ?? ''));
  const prices = { minPrice: [minPrice, setMinPrice], maxPrice: [maxPrice, setMaxPrice] } as const;

  // The prices wait for Enter or Apply (a change per keystroke would make a history entry each).
  function applyPrices(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [low, high] = [priceOf(minPrice), priceOf(maxPrice)];
    const swap = low !== undefined && high !== undefined && low > high;
    change({ minPrice: swap ? high : low, maxPrice: swap ? low : high });
  }

  return (
    <form className="list-controls" aria-label={t('productList.sortAndFilter')} onSubmit={applyPrices}>
      <label className="list-controls__field">
        <span className="list-controls__label">{t('productList.sortBy')}</span>
        <select
          className="form-field__input"
          value={sort}
          onChange={(event) => {
            setSort(event.target.value as ProductSort);
            change({ sort: event.target.value as ProductSort });
          }}
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(SORT_LABELS[sort])}
            </option>
          ))}
        </select>
      </label>
      {withCategory && (
        <label className="list-controls__field">
          <span className="list-controls__label">{t('productList.category')}</span>
          <select
            className="form-field__input"
            value={category}
            onChange={(event) => {
              setCategory(event.target.value);
              change({ category: event.target.value });
            }}
          >
            <option value="">{t('productList.allCategories')}</option>
            {/* A category named in the URL but not (or no longer) in the shop is still shown as chosen. */}
            {filter.category !== undefined && !categories?.some((c) => c.category === filter.category) && <option value={filter.category}>{filter.category}</option>}
            {categories?.map((category) => (
              <option key={category._id} value={category.category}>
                {categoryLabel(category, lang)}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="list-controls__prices">
        {(['minPrice', 'maxPrice'] as const).map((name) => (
          <label key={name} className="list-controls__field list-controls__price">
            <span className="list-controls__label">{name === 'minPrice' ? t('productList.minPrice') : t('productList.maxPrice')}</span>
            <input
              className="form-field__input"
              type="number"
              name={name}
              min={0}
              max={10_000_000}
              step={1}
              inputMode="numeric"
              value={prices[name][0]}
              onChange={(event) => prices[name][1](event.target.value)}
            />
          </label>
        ))}
        <button type="submit" className="button button--secondary button--small">
          {t('productList.apply')}
        </button>
      </div>
      <label className="list-controls__check">
        <input
          type="checkbox"
          checked={inStock}
          onChange={(event) => {
            setInStock(event.target.checked);
            change({ inStock: event.target.checked });
          }}
        />
        {t('productList.inStockOnly')}
      </label>
      {isFiltered(filter) && (
        <button
          type="button"
          className="link-button"
          onClick={() => change({ category: undefined, minPrice: undefined, maxPrice: undefined, inStock: undefined })}
        >
          {t('productList.clearFilters')}
        </button>
      )}
    </form>
  );
}
