import { useCreateProduct } from '../api/create-product';
import { ProductForm } from '../components/product-form';
import { useT } from '../../../lib/i18n/i18n';
import { productFormMessages } from '../messages/product-form';

/** /dashboard/addproducts (admin). */
export function AddProductPage() {
  const t = useT(productFormMessages);
  const createProduct = useCreateProduct();

  return (
    <section className="dashboard-page" aria-labelledby="add-product-title">
      <h1 id="add-product-title" className="page__title">
        {t('productForm.addTitle')}
      </h1>
      <p className="page__lead">{t('productForm.addLead')}</p>
      <ProductForm
        submitLabel={t('productForm.addSubmit')}
        successTitle={t('productForm.added')}
        onSave={async (input) => {
          await createProduct.mutateAsync(input);
        }}
      />
    </section>
  );
}
