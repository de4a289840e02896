import { useCreateProduct } from '../api/create-product';
import { ProductForm } from '../components/product-form';

/** /dashboard/addproducts (admin). */
export function AddProductPage() {
  const createProduct = useCreateProduct();

  return (
    <section className="dashboard-page" aria-labelledby="add-product-title">
      <h1 id="add-product-title" className="page__title">
        Add Products
      </h1>
      <p className="page__lead">New products appear first on the home page, under their category.</p>
      <ProductForm
        submitLabel="Add Product"
        successTitle="Product Added Successfully"
        onSave={async (input) => {
          await createProduct.mutateAsync(input);
        }}
      />
    </section>
  );
}
