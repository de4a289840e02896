import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { productQueryOptions } from '../api/get-product';
import { useUpdateProduct } from '../api/update-product';
import { ProductForm } from '../components/product-form';
import { useT } from '../../../lib/i18n/i18n';
import { productFormMessages } from '../messages/product-form';
import { PAGES } from '../../../app/routes';

/** /dashboard/updateproduct/:id (admin); an unknown id throws NotFoundError to the route's error boundary. */
export function UpdateProductPage() {
  const { id = '' } = useParams();
  const t = useT(productFormMessages);
  const navigate = useNavigate();
  const { data: product } = useSuspenseQuery(productQueryOptions(id));
  const updateProduct = useUpdateProduct();

  return (
    <section className="dashboard-page" aria-labelledby="update-product-title">
      <h1 id="update-product-title" className="page__title">
        {t('productForm.updateTitle')}
      </h1>
      <p className="page__lead">
        {t('productForm.editing')} <Link to={PAGES.product.link(product._id)}>{product.title}</Link>.
      </p>
      {/* Keyed by id: the fields start from this product's values (a background refetch does not reset them). */}
      <ProductForm
        key={product._id}
        product={product}
        submitLabel={t('productForm.updateSubmit')}
        successTitle={t('productForm.updated')}
        onSave={async (input) => {
          await updateProduct.mutateAsync({ id: product._id, input });
        }}
        onSaved={() => void navigate(PAGES.manageProducts.link())}
      />
    </section>
  );
}
