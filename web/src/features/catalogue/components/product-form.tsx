import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { ImageFileField } from '../../../components/image-file-field';
import { loadSwal, showFailure } from '../../../lib/dialog';
import { parseCommaList } from '../../../../../src/shared/comma-list';
import { maxStock, variantKeys, type VariantKey } from '../../../../../src/shared/stock';
import { useImageUploads } from '../../../lib/use-image-uploads';
import type { ProductInput } from '../api/create-product';
import { categoryLabel, useCategories } from '../api/get-categories';
import type { Product } from '../api/get-product';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { productFormMessages } from '../messages/product-form';
import { PAGES } from '../../../app/routes';

/** Spec: up to 3 images per product. */
const PHOTO_COUNT = 3;
/** What a new size x color starts with in the form (the server's DEFAULT_STOCK is for older clients). */
const NEW_STOCK = 10;

/** Sizes or colors as the server keeps them: split on commas, trimmed, each once. */
const labelList = (text: string) => [...new Set(parseCommaList(text))];
/** Bengali names of the sizes or colors, by position: split on commas (Bengali's too), blanks kept, none when all blank. */
const bengaliList = (text: string) => {
  const list = text.split(/[,،]/).map((s) => s.trim());
  return list.some(Boolean) ? list : [];
};
const keyOf = ({ size, color }: VariantKey) => `${size}\u0000${color}`;
/** The size x color of a stock field: "S / Red", "S", "Red" or "" (its label: "Stock S / Red" or "Stock"). */
const variantName = ({ size, color }: VariantKey) => [size, color].filter(Boolean).join(' / ');

type ProductFormProps = {
  /** The product to update; a blank form without it. */
  product?: Product;
  submitLabel: string;
  /** Saves on the server; rejects on failure (the form shows the error). */
  onSave: (input: ProductInput) => Promise<void>;
  successTitle: string;
  /** After the success dialog is closed. */
  onSaved?: () => void;
};

/**
 * The add and update product form. Photos are uploaded on submit (with progress per photo), after
 * the browser's own checks; a new form (add) is cleared after a save.
 */
export function ProductForm({ product, submitLabel, onSave, successTitle, onSaved }: ProductFormProps) {
  const t = useT(productFormMessages);
  const lang = useLanguage();
  const uploads = useImageUploads(PHOTO_COUNT);
  const { data: categories, status: categoriesStatus } = useCategories();
  const [stage, setStage] = useState<'idle' | 'uploading' | 'saving'>('idle');
  const busy = stage !== 'idle';
  const idPrefix = product ? `product-${product._id}` : 'new-product';
  // Sizes and colors as typed, so the stock editor has one field per size x color as they change.
  const [sizesText, setSizesText] = useState(product?.sizes.join(', ') ?? '');
  const [colorsText, setColorsText] = useState(product?.colors.join(', ') ?? '');
  // What the admin typed per size x color; a combination not typed in keeps the product's stock, or NEW_STOCK.
  const [typedStock, setTypedStock] = useState<Record<string, string>>({});
  const stockKeys = variantKeys(labelList(sizesText), labelList(colorsText));
  const stockValue = (key: VariantKey) =>
    typedStock[keyOf(key)] ?? String(product?.variants.find((v) => keyOf(v) === keyOf(key))?.stock ?? NEW_STOCK);

  // Keep the product's own category selectable even if it is no longer in the list.
  const categoryNames = categories?.map((category) => category.category) ?? [];
  if (product && !categoryNames.includes(product.category)) categoryNames.unshift(product.category);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const text = (name: string) => String(fields.get(name) ?? '');

    if (!uploads.hasFile) {
      const Swal = await loadSwal();
      void Swal.fire({ icon: 'warning', title: t('productForm.imageRequired'), text: t('productForm.imageRequiredText') });
      return;
    }

    let images: string[];
    setStage('uploading');
    try {
      images = await uploads.uploadAll();
    } catch (error) {
      setStage('idle');
      await showFailure(error, t('productForm.uploadFailed'));
      return;
    }

    const input: ProductInput = {
      title: text('title').trim(),
      description: text('description').trim(),
      // Always sent: '' clears them (issue 18).
      titleBn: text('titleBn').trim(),
      descriptionBn: text('descriptionBn').trim(),
      category: text('category'),
      price: Number.parseInt(text('price'), 10),
      sizes: parseCommaList(text('sizes')),
      colors: parseCommaList(text('colors')),
      // By position, a blank between commas for one without (issue 33); always sent: '' clears them.
      sizesBn: bengaliList(text('sizesBn')),
      colorsBn: bengaliList(text('colorsBn')),
      images,
      // The browser has checked each field: a whole number from 0 to maxStock.
      variants: stockKeys.map((key) => ({ ...key, stock: Number.parseInt(stockValue(key), 10) })),
    };
    setStage('saving');
    try {
      await onSave(input);
    } catch (error) {
      setStage('idle');
      await showFailure(error, t('productForm.failed'));
      return;
    }
    setStage('idle');
    if (!product) {
      form.reset();
      uploads.reset();
      setSizesText('');
      setColorsText('');
      setTypedStock({});
    }
    const Swal = await loadSwal();
    await Swal.fire({ icon: 'success', title: successTitle, text: input.title });
    onSaved?.();
  }

  return (
    <form className="form admin-form admin-form--wide" aria-busy={busy} onSubmit={(event) => void handleSubmit(event)}>
      <FormField label={t('productForm.title')} id={`${idPrefix}-title`}>
        {(control) => <input {...control} name="title" type="text" defaultValue={product?.title} maxLength={120} autoComplete="off" required />}
      </FormField>

      <FormField label={t('productForm.description')} id={`${idPrefix}-description`} controlClassName="form-field__textarea">
        {(control) => <textarea {...control} name="description" defaultValue={product?.description} maxLength={5000} rows={5} />}
      </FormField>

      <FormField label={t('productForm.titleBn')} id={`${idPrefix}-title-bn`} describedBy={`${idPrefix}-bengali-hint`}>
        {(control) => <input {...control} name="titleBn" type="text" lang="bn" defaultValue={product?.titleBn} maxLength={120} autoComplete="off" />}
      </FormField>

      <FormField label={t('productForm.descriptionBn')} id={`${idPrefix}-description-bn`} controlClassName="form-field__textarea" describedBy={`${idPrefix}-bengali-hint`}>
        {(control) => <textarea {...control} name="descriptionBn" lang="bn" defaultValue={product?.descriptionBn} maxLength={5000} rows={5} />}
      </FormField>
      <p id={`${idPrefix}-bengali-hint`} className="form-field__hint admin-form__note">
        {t('productForm.bengaliHint')}
      </p>

      <div className="admin-form__grid">
        <FormField
          label={t('productForm.category')}
          id={`${idPrefix}-category`}
          hint={
            categoriesStatus === 'success' && categoryNames.length === 0 ? (
              <>
                {t('productForm.noCategories')} <Link to={PAGES.addCategory.link()}>{t('productForm.addCategory')}</Link>{' '}
                {t('productForm.first')}
              </>
            ) : undefined
          }
        >
          {(control) => (
            <>
              <select {...control} name="category" defaultValue={product?.category ?? ''} required>
                <option value="" disabled>
                  {categoriesStatus === 'pending' ? t('productForm.loadingCategories') : t('productForm.chooseCategory')}
                </option>
                {categoryNames.map((name) => (
                  <option key={name} value={name}>
                    {categoryLabel({ category: name })}
                  </option>
                ))}
              </select>
              {categoriesStatus === 'error' && (
                <p className="form-field__error" role="alert">
                  {t('productForm.categoriesFailed')}
                </p>
              )}
            </>
          )}
        </FormField>

        <FormField label={t('productForm.price')} id={`${idPrefix}-price`}>
          {(control) => (
            <input {...control} name="price" type="number" inputMode="numeric" min={1} max={10_000_000} step={1} defaultValue={product?.price} required />
          )}
        </FormField>

        <FormField label={t('productForm.sizes')} id={`${idPrefix}-sizes`} describedBy={`${idPrefix}-list-hint`}>
          {(control) => (
            <input
              {...control}
              name="sizes"
              type="text"
              value={sizesText}
              onChange={(event) => setSizesText(event.target.value)}
              placeholder="S, M, L, XL"
              autoComplete="off"
            />
          )}
        </FormField>

        <FormField label={t('productForm.colors')} id={`${idPrefix}-colors`} describedBy={`${idPrefix}-list-hint`}>
          {(control) => (
            <input
              {...control}
              name="colors"
              type="text"
              value={colorsText}
              onChange={(event) => setColorsText(event.target.value)}
              placeholder="Black, White, Red"
              autoComplete="off"
            />
          )}
        </FormField>

        <FormField label={t('productForm.sizesBn')} id={`${idPrefix}-sizes-bn`} describedBy={`${idPrefix}-list-bn-hint`}>
          {(control) => <input {...control} name="sizesBn" type="text" lang="bn" defaultValue={product?.sizesBn?.join(', ')} autoComplete="off" />}
        </FormField>

        <FormField label={t('productForm.colorsBn')} id={`${idPrefix}-colors-bn`} describedBy={`${idPrefix}-list-bn-hint`}>
          {(control) => <input {...control} name="colorsBn" type="text" lang="bn" defaultValue={product?.colorsBn?.join(', ')} autoComplete="off" />}
        </FormField>
      </div>
      <p id={`${idPrefix}-list-bn-hint`} className="form-field__hint admin-form__note">
        {t('productForm.listBnHint')}
      </p>
      <p id={`${idPrefix}-list-hint`} className="form-field__hint admin-form__note">
        {t('productForm.listHint')}
      </p>

      <fieldset className="admin-form__stock" aria-describedby={`${idPrefix}-stock-hint`}>
        <legend className="form-field__label">{t('productForm.stock')}</legend>
        <p id={`${idPrefix}-stock-hint`} className="form-field__hint">
          {t('productForm.stockHint', { max: formatNumber(maxStock, lang) })}
        </p>
        <div className="admin-form__stock-grid">
          {stockKeys.map((key, index) => (
            <FormField key={keyOf(key)} label={variantName(key) ? t('productForm.stockOf', { variant: variantName(key) }) : t('productForm.stock')} id={`${idPrefix}-stock-${index}`}>
              {(control) => (
                <input
                  {...control}
                  name="stock"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={maxStock}
                  step={1}
                  value={stockValue(key)}
                  onChange={(event) => setTypedStock((typed) => ({ ...typed, [keyOf(key)]: event.target.value }))}
                  required
                />
              )}
            </FormField>
          ))}
        </div>
      </fieldset>

      <fieldset className="admin-form__photos">
        <legend className="form-field__label">{t('productForm.photos')}</legend>
        {product && (
          <div className="admin-form__current">
            <p className="form-field__hint">
              {t('productForm.currentPhotos')}
            </p>
            <ul className="admin-form__thumbs">
              {product.images.map((image, index) => (
                <li key={`${index}-${image}`}>
                  <img src={image} alt={t('productForm.currentPhoto', { number: formatNumber(index + 1, lang) })} width={72} height={72} loading="lazy" />
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="admin-form__photo-grid">
          {uploads.slots.map((slot, index) => (
            <ImageFileField
              key={index}
              id={`${idPrefix}-photo-${index + 1}`}
              name={t('productForm.photo', { number: formatNumber(index + 1, lang) })}
              required={index === 0}
              slot={slot}
              onFileChange={(file) => uploads.setFile(index, file)}
              disabled={busy}
            />
          ))}
        </div>
      </fieldset>

      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {stage === 'uploading' ? t('productForm.uploading') : stage === 'saving' ? t('productForm.saving') : submitLabel}
        </button>
        <span className="visually-hidden" role="status">
          {stage === 'uploading' ? t('productForm.uploadingStatus') : stage === 'saving' ? t('productForm.savingStatus') : ''}
        </span>
      </div>
    </form>
  );
}
