import { GoBack } from '../../../components/go-back';
import { Spinner } from '../../../components/spinner';
import { CategoryFilter, useCategoriesSettled } from '../components/category-filter';
import { ProductList } from '../components/product-list';

/** /allproductandcategories: every product, newest first, with links to each category. */
export function AllProductsPage() {
  const settled = useCategoriesSettled();

  return (
    <section className="page container" aria-labelledby="all-products-title">
      <GoBack />
      <div className="section__header">
        <h1 id="all-products-title" className="page__title">
          All Products
        </h1>
        {settled && <CategoryFilter />}
      </div>
      {settled ? <ProductList eagerFirstRow /> : <Spinner label="Loading products" fill />}
    </section>
  );
}
