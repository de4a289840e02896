import { useParams } from 'react-router-dom';
import { GoBack } from '../../../components/go-back';
import { Spinner } from '../../../components/spinner';
import { CategoryFilter, useCategoriesSettled } from '../components/category-filter';
import { ProductList } from '../components/product-list';

/** /category/:categoryName: that category's products, newest first. */
export function CategoryPage() {
  // The router has already decoded the segment (/category/Trading%20Cards -> "Trading Cards").
  const { categoryName = '' } = useParams();

  const settled = useCategoriesSettled();

  return (
    <section className="page container" aria-labelledby="category-title">
      <GoBack />
      <div className="section__header">
        <h1 id="category-title" className="page__title">
          {categoryName}
        </h1>
        {settled && <CategoryFilter />}
      </div>
      {settled ? <ProductList category={categoryName} emptyText="No products in this category yet." eagerFirstRow /> : <Spinner label="Loading products" fill />}
    </section>
  );
}
