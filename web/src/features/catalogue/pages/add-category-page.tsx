import type { FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { loadSwal, showFailure } from '../../../lib/dialog';
import { useT } from '../../../lib/i18n/i18n';
import { useCreateCategory } from '../api/create-category';
import { categoryAdminMessages } from '../messages/category-admin';

/** /dashboard/addcategory (admin). */
export function AddCategoryPage() {
  const t = useT(categoryAdminMessages);
  const createCategory = useCreateCategory();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const name = String(fields.get('category') ?? '').trim();
    const nameBn = String(fields.get('categoryBn') ?? '').trim();
    if (name === '') {
      // Only spaces: the browser's `required` let it through.
      const Swal = await loadSwal();
      void Swal.fire({ icon: 'warning', title: t('categoryAdmin.required'), text: t('categoryAdmin.requiredText') });
      return;
    }
    try {
      await createCategory.mutateAsync({ category: name, categoryBn: nameBn });
    } catch (error) {
      // 409 catalogue/category-exists and the rest: the server's own message.
      await showFailure(error, t('categoryAdmin.failed'));
      return;
    }
    form.reset();
    const Swal = await loadSwal();
    void Swal.fire({ icon: 'success', title: t('categoryAdmin.added'), text: t('categoryAdmin.addedText', { name }) });
  }

  return (
    <section className="dashboard-page" aria-labelledby="add-category-title">
      <h1 id="add-category-title" className="page__title">
        {t('categoryAdmin.title')}
      </h1>
      <p className="page__lead">{t('categoryAdmin.lead')}</p>
      <form className="form admin-form" onSubmit={(event) => void handleSubmit(event)}>
        <FormField label={t('categoryAdmin.name')} id="category-name">
          {(control) => <input {...control} name="category" type="text" autoComplete="off" required />}
        </FormField>
        <FormField label={t('categoryAdmin.nameBn')} id="category-name-bn" hint={t('categoryAdmin.nameBnHint')}>
          {(control) => <input {...control} name="categoryBn" type="text" lang="bn" maxLength={80} autoComplete="off" />}
        </FormField>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={createCategory.isPending}>
            {t('categoryAdmin.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
