import { useState, type FormEvent } from 'react';
import { ImageFileField } from '../../../components/image-file-field';
import { loadSwal, showFailure } from '../../../lib/dialog';
import { useImageUploads } from '../../../lib/use-image-uploads';
import { FormField } from '../../../components/form-field';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { localized } from '../../../lib/i18n/localized';
import { useCreateSlider } from '../api/create-slider';
import { useLinkTargets } from '../api/get-link-targets';
import { bannersMessages } from '../messages/banners';

type LinkKind = '' | 'category' | 'product';

/** /dashboard/addslider (admin): upload one banner image, with its alt texts and its link (issue 33), and add it to the home slider. */
export function AddSliderPage() {
  const t = useT(bannersMessages);
  const lang = useLanguage();
  const [linkKind, setLinkKind] = useState<LinkKind>('');
  const targets = useLinkTargets();
  const options = linkKind === 'category' ? targets.data?.categories : linkKind === 'product' ? targets.data?.products : undefined;
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
    const data = new FormData(form);
    const altEn = String(data.get('altEn') ?? '').trim();
    const altBn = String(data.get('altBn') ?? '').trim();
    const target = String(data.get('linkTarget') ?? '');
    if (linkKind && !target) {
      const Swal = await loadSwal();
      void Swal.fire({ icon: 'warning', title: t('banners.add.targetRequired'), text: t('banners.add.targetRequiredText') });
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
        // Alt texts are asked, not required (the spec's Add Slider requires nothing): without them the page says "Banner N".
        await createSlider.mutateAsync({ image, ...(altEn ? { altEn } : {}), ...(altBn ? { altBn } : {}), link: linkKind ? { kind: linkKind, target } : null });
      } catch (error) {
        await showFailure(error, t('banners.add.failed'));
        return;
      }
      form.reset();
      setLinkKind('');
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
        <FormField label={t('banners.add.altEn')} id="slider-alt-en" hint={t('banners.add.altHint')}>
          {(control) => <input {...control} name="altEn" type="text" lang="en" maxLength={200} disabled={busy} />}
        </FormField>
        <FormField label={t('banners.add.altBn')} id="slider-alt-bn">
          {(control) => <input {...control} name="altBn" type="text" lang="bn" maxLength={200} disabled={busy} />}
        </FormField>
        <FormField label={t('banners.add.linkKind')} id="slider-link-kind">
          {(control) => (
            <select {...control} name="linkKind" value={linkKind} onChange={(event) => setLinkKind(event.target.value as LinkKind)} disabled={busy}>
              <option value="">{t('banners.add.linkNone')}</option>
              <option value="category">{t('banners.add.linkCategory')}</option>
              <option value="product">{t('banners.add.linkProduct')}</option>
            </select>
          )}
        </FormField>
        {linkKind && (
          <FormField label={linkKind === 'category' ? t('banners.add.targetCategory') : t('banners.add.targetProduct')} id="slider-link-target">
            {(control) => (
              <select {...control} key={linkKind} name="linkTarget" defaultValue="" required disabled={busy || !options}>
                <option value="" disabled>
                  {options ? t('banners.add.targetChoose') : t('banners.add.targetLoading')}
                </option>
                {options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {localized(lang, o.en, o.bn ?? undefined)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('banners.add.adding') : t('banners.add.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
