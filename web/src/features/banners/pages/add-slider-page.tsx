import { useState, type FormEvent } from 'react';
import { ImageFileField } from '../../../components/image-file-field';
import { loadSwal, showFailure } from '../../../lib/dialog';
import { useImageUploads } from '../../../lib/use-image-uploads';
import { useCreateSlider } from '../api/create-slider';

/** /dashboard/addslider (admin): upload one banner image and add it to the home slider. */
export function AddSliderPage() {
  const uploads = useImageUploads(1);
  const createSlider = useCreateSlider();
  const [saving, setSaving] = useState(false);
  const busy = saving || uploads.uploading;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!uploads.hasFile) {
      const Swal = await loadSwal();
      void Swal.fire({ icon: 'warning', title: 'Image Required', text: 'Please choose an image for the slider.' });
      return;
    }
    setSaving(true);
    try {
      let image: string | undefined;
      try {
        [image] = await uploads.uploadAll();
      } catch (error) {
        await showFailure(error, 'Upload failed');
        return;
      }
      if (!image) return;
      try {
        await createSlider.mutateAsync(image);
      } catch (error) {
        await showFailure(error);
        return;
      }
      form.reset();
      uploads.reset();
      const Swal = await loadSwal();
      void Swal.fire({ icon: 'success', title: 'Image Added Successfully', text: 'The banner is now on the home page.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    // Not a named region: its name ("Add Slider Image") would also match the field's label, "Slider Image".
    <section className="dashboard-page">
      <h1 id="add-slider-title" className="page__title">
        Add Slider Image
      </h1>
      <p className="page__lead">The image appears in the slider at the top of the home page, newest first.</p>
      <form className="form admin-form" onSubmit={(event) => void handleSubmit(event)}>
        <ImageFileField
          id="slider-image"
          name="Slider Image"
          slot={uploads.slots[0]!}
          onFileChange={(file) => uploads.setFile(0, file)}
          disabled={busy}
          hint="A wide image works best (about 1600 × 600 px). JPEG, PNG or WebP."
        />
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Adding…' : 'Add Slider'}
          </button>
        </div>
      </form>
    </section>
  );
}
