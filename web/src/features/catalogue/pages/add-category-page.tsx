import type { FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { loadSwal, showFailure } from '../../../lib/dialog';
import { useCreateCategory } from '../api/create-category';

/** /dashboard/addcategory (admin). */
export function AddCategoryPage() {
  const createCategory = useCreateCategory();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('category') ?? '').trim();
    if (name === '') {
      // Only spaces: the browser's `required` let it through.
      const Swal = await loadSwal();
      void Swal.fire({ icon: 'warning', title: 'Category Name Required', text: 'Please enter a category name.' });
      return;
    }
    try {
      await createCategory.mutateAsync(name);
    } catch (error) {
      // 409 catalogue/category-exists and the rest: the server's own message.
      await showFailure(error);
      return;
    }
    form.reset();
    const Swal = await loadSwal();
    void Swal.fire({ icon: 'success', title: 'Category Added Successfully', text: `${name} is now a category.` });
  }

  return (
    <section className="dashboard-page" aria-labelledby="add-category-title">
      <h1 id="add-category-title" className="page__title">
        Add Category
      </h1>
      <p className="page__lead">Categories group the products on the home page and in the footer.</p>
      <form className="form admin-form" onSubmit={(event) => void handleSubmit(event)}>
        <FormField label="Category Name" id="category-name">
          {(control) => <input {...control} name="category" type="text" autoComplete="off" required />}
        </FormField>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={createCategory.isPending}>
            Add Category
          </button>
        </div>
      </form>
    </section>
  );
}
