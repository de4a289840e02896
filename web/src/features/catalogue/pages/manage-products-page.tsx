import { Link } from 'react-router-dom';
import { DataTable, ThumbnailCell } from '../../../components/data-table';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { confirmThenRun } from '../../../lib/dialog';
import { PAGE_SIZE } from '../../../lib/paging';
import { lowStockAt, totalStock } from '../../../../../src/shared/stock';
import { useDeleteProduct } from '../api/delete-product';
import type { Product } from '../api/get-product';
import { newestFirst, useProducts } from '../api/get-products';
import { useQueryChange } from '../../../lib/use-query-change';
import { useShown } from '../../../lib/use-shown';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { formatMoney, formatNumber } from '../../../../../src/shared/locale-format';
import { productAdminMessages } from '../messages/product-admin';
import { PAGES } from '../../../app/routes';

/** The total stock, and "Low" when some variant has 1 to 5 left, "N sold out" when some have none. */
function StockCell({ product }: { product: Product }) {
  const soldOut = product.variants.filter((v) => v.stock === 0).length;
  const low = product.variants.some((v) => v.stock > 0 && v.stock <= lowStockAt);
  const t = useT(productAdminMessages);
  const lang = useLanguage();
  return (
    <td className="data-table__nowrap" data-testid="product-stock">
      {formatNumber(totalStock(product.variants), lang)}
      {low && <span className="stock-mark stock-mark--low">{t('productAdmin.low')}</span>}
      {soldOut > 0 && (
        <span className="stock-mark stock-mark--sold-out">{soldOut === product.variants.length
            ? t('productAdmin.allSoldOut')
            : t('productAdmin.someSoldOut', { count: formatNumber(soldOut, lang) })}</span>
      )}
    </td>
  );
}

/**
 * /dashboard/manageproducts (admin): every product, newest first, a page at a time (?page=), with its
 * stock, Update and Delete; "Low stock only" (?lowStock=true) lists those with a variant at 5 or fewer.
 */
export function ManageProductsPage() {
  const t = useT(productAdminMessages);
  const lang = useLanguage();
  const page = usePageParam();
  const [searchParams, changeQuery] = useQueryChange();
  const lowStock = searchParams.get('lowStock') === 'true';
  // The admin's click until the URL has it: a navigation is not instant, and the box must not snap back.
  const [lowShown, setLowShown] = useShown(lowStock);
  const { data, status } = useProducts({ page, lowStock });
  const products = data?.items ?? [];
  const deleteProduct = useDeleteProduct();

  function handleDelete(product: Product) {
    return confirmThenRun({
      confirm: {
        title: t('productAdmin.confirm'),
        text: t('productAdmin.confirmText'),
        confirmButtonText: t('productAdmin.confirmYes'),
        cancelButtonText: t('productAdmin.confirmNo'),
      },
      run: () => deleteProduct.mutateAsync(product._id),
      success: { title: t('productAdmin.deleted'), text: t('productAdmin.deletedText', { title: product.title }) },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="products-title">
      <h1 id="products-title" className="page__title">
        {t('productAdmin.title')}
      </h1>
      <QueryStatus status={status} loading={t('productAdmin.loading')} failed={t('productAdmin.loadFailed')} />
      {status === 'success' && (
        <>
          <div className="dashboard-page__bar">
            <p className="page__lead" data-testid="products-total">
              {t('productAdmin.total', { count: formatNumber(data.total, lang) })}
            </p>
            <label className="dashboard-page__check">
              <input
                type="checkbox"
                checked={lowShown}
                onChange={(event) => {
                  const checked = event.target.checked;
                  setLowShown(checked);
                  changeQuery((params) => {
                    const next = new URLSearchParams(params);
                    next.delete('page');
                    if (checked) next.set('lowStock', 'true');
                    else next.delete('lowStock');
                    return next;
                  });
                }}
              />
              {t('productAdmin.lowOnly')}
            </label>
            <Link to={PAGES.addProducts.link()} className="button button--primary button--small">
              {t('productAdmin.add')}
            </Link>
          </div>
          {products.length === 0 && page === 1 ? (
            <p className="notice">{lowStock ? t('productAdmin.noneLow') : t('productAdmin.empty')}</p>
          ) : (
            <DataTable
              labelledBy="products-title"
              caption={lowStock ? t('productAdmin.captionLow') : t('productAdmin.caption')}
              columns={[
                '#',
                t('productAdmin.column.image'),
                t('productAdmin.column.title'),
                t('productAdmin.column.category'),
                t('productAdmin.column.price'),
                t('productAdmin.column.stock'),
                t('productAdmin.column.actions'),
              ]}
            >
              {newestFirst(products).map((product, index) => {
                const titleId = `product-${product._id}-title`;
                return (
                  <tr key={product._id} data-testid="product-row">
                    <td>{formatNumber((page - 1) * PAGE_SIZE + index + 1, lang)}</td>
                    <ThumbnailCell image={product.images[0]} />
                    <th scope="row" id={titleId}>
                      {product.title}
                    </th>
                    <td className="data-table__nowrap">{product.category}</td>
                    <td className="data-table__nowrap">{formatMoney(product.price, lang)}</td>
                    <StockCell product={product} />
                    <td>
                      <div className="data-table__actions">
                        <Link
                          to={PAGES.updateProduct.link(product._id)}
                          className="button button--secondary button--small"
                          aria-describedby={titleId}
                        >
                          {t('productAdmin.update')}
                        </Link>
                        <button
                          type="button"
                          className="button button--danger button--small"
                          aria-describedby={titleId}
                          disabled={deleteProduct.isPending}
                          onClick={() => void handleDelete(product)}
                        >
                          {t('productAdmin.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )}
          <Pager page={page} total={data.total} shown={products.length} />
        </>
      )}
    </section>
  );
}
