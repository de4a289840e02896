import { Link } from 'react-router-dom';
import { DataTable, ThumbnailCell } from '../../../components/data-table';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { confirmThenRun } from '../../../lib/dialog';
import { PAGE_SIZE } from '../../../lib/paging';
import { useDeleteProduct } from '../api/delete-product';
import type { Product } from '../api/get-product';
import { newestFirst, useProducts } from '../api/get-products';

/** /dashboard/manageproducts (admin): every product, newest first, a page at a time (?page=), with Update and Delete. */
export function ManageProductsPage() {
  const page = usePageParam();
  const { data, status } = useProducts({ page });
  const products = data?.items ?? [];
  const deleteProduct = useDeleteProduct();

  function handleDelete(product: Product) {
    return confirmThenRun({
      confirm: { title: 'Are you sure?', text: "You won't be able to revert this!", confirmButtonText: 'Yes, delete it!' },
      run: () => deleteProduct.mutateAsync(product._id),
      success: { title: 'Deleted', text: `${product.title} has been deleted.` },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="products-title">
      <h1 id="products-title" className="page__title">
        Manage Products
      </h1>
      <QueryStatus status={status} loading="Loading products..." failed="Failed to load products" />
      {status === 'success' && (
        <>
          <div className="dashboard-page__bar">
            <p className="page__lead" data-testid="products-total">
              Total Products: {data.total}
            </p>
            <Link to="/dashboard/addproducts" className="button button--primary button--small">
              Add Products
            </Link>
          </div>
          {products.length === 0 && page === 1 ? (
            <p className="notice">No products yet.</p>
          ) : (
            <DataTable
              labelledBy="products-title"
              caption="Products of the shop, newest first"
              columns={['#', 'Image', 'Title', 'Category', 'Price', 'Actions']}
            >
              {newestFirst(products).map((product, index) => {
                const titleId = `product-${product._id}-title`;
                return (
                  <tr key={product._id} data-testid="product-row">
                    <td>{(page - 1) * PAGE_SIZE + index + 1}</td>
                    <ThumbnailCell image={product.images[0]} />
                    <th scope="row" id={titleId}>
                      {product.title}
                    </th>
                    <td className="data-table__nowrap">{product.category}</td>
                    <td className="data-table__nowrap">{product.price} BDT</td>
                    <td>
                      <div className="data-table__actions">
                        <Link
                          to={`/dashboard/updateproduct/${encodeURIComponent(product._id)}`}
                          className="button button--secondary button--small"
                          aria-describedby={titleId}
                        >
                          Update
                        </Link>
                        <button
                          type="button"
                          className="button button--danger button--small"
                          aria-describedby={titleId}
                          disabled={deleteProduct.isPending}
                          onClick={() => void handleDelete(product)}
                        >
                          Delete
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
