import { useState, type FormEvent } from 'react';
import { ImageFileField } from '../../../components/image-file-field';
import { loadSwal, showFailure } from '../../../lib/dialog';
import { useImageUploads } from '../../../lib/use-image-uploads';
import { useT } from '../../../lib/i18n/i18n';
import { useCreateSlider } from '../api/create-slider';
import { bannersMessages } from '../messages/banners';

/** /dashboard/addslider (admin): upload one banner image and add it to the home slider. */
export function AddSliderPage() {
  const t = useT(bannersMessages);
  const uploads = useImageUploads(1);
  const createSlider = useCreateSlider();
  const [saving, setSaving] = useState(false);
  const busy = saving || uploads.uploading;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!uploads.hasFile) {
      const Swal = await loadSwal();
      void Swal.fire({ icon: 'warning', title: t('banners.add.required'), text: t('banners.add.requiredText') });
      return;
    }
    setSaving(true);
    try {
      let image: string | undefined;
      try {
        [image] = await uploads.uploadAll();
      } catch (error) {
        await showFailure(error, t('banners.add.uploadFailed'));
        return;
      }
      if (!image) return;
      try {
        await createSlider.mutateAsync(image);
      } catch (error) {
        await showFailure(error, t('banners.add.failed'));
        return;
      }
      form.reset();
      uploads.reset();
      const Swal = await loadSwal();
      void Swal.fire({ icon: 'success', title: t('banners.add.added'), text: t('banners.add.addedText') });
    } finally {
      setSaving(false);
    }
  }

  return (
    // Not a named region: its name ("Add Slider Image") would also match the field's label, "Slider Image".
    <section className="dashboard-page">
      <h1 id="add-slider-title" className="page__title">
        {t('banners.add.title')}
      </h1>
      <p className="page__lead">{t('banners.add.lead')}</p>
      <form className="form admin-form" onSubmit={(event) => void handleSubmit(event)}>
        <ImageFileField
          id="slider-image"
          name={t('banners.add.field')}
          slot={uploads.slots[0]!}
          onFileChange={(file) => uploads.setFile(0, file)}
          disabled={busy}
          hint={t('banners.add.hint')}
        />
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('banners.add.adding') : t('banners.add.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
