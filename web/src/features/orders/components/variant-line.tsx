import type { ReactNode } from 'react';
import { FormField } from '../../../components/form-field';
import type { Lang } from '../../../lib/i18n/i18n';
import { localized, localizedLabel } from '../../../lib/i18n/localized';
import { formatNumber } from '../../../../../src/shared/locale-format';
import type { EditProduct } from '../api/get-edit-products';
import { MAX_QUANTITY } from '../order-edit';

/** A line being written: a product's variant and its quantity as typed. */
export type VariantLine = { key: string; title: string; titleBn?: string | undefined; size: string; color: string; quantity: string };

/** The words of a line, in the form's own catalogue (the order edit's, Take an Order's). */
export type VariantLineTexts = {
  size: string;
  color: string;
  quantity: string;
  remove: string;
  chooseSize: string;
  chooseColor: string;
  inStock: (count: string) => string;
  noStock: string;
};

/** Which control a line's refusal belongs to: a duplicate line to the first choice the product has. */
export function lineErrorPlace(kind: 'size' | 'color' | 'duplicate' | 'other' | undefined, product: EditProduct | undefined): 'size' | 'color' | 'quantity' | undefined {
  if (!kind) return undefined;
  if (kind === 'size' || (kind === 'duplicate' && product && product.sizes.length > 0)) return 'size';
  if (kind === 'color' || (kind === 'duplicate' && product && product.colors.length > 0)) return 'color';
  return 'quantity';
}

type VariantLineRowProps = {
  /** Prefixes the ids of the line's controls (`order-edit`, `take-order`). */
  idPrefix: string;
  testIds: { line: string; stock?: string };
  line: VariantLine;
  product: EditProduct | undefined;
  /** Beside the title: the price of one ("1,200 BDT each"). */
  price?: string | undefined;
  /** After the title, when the catalogue has the product no more: the line's own choice. */
  titleSuffix?: string | undefined;
  error?: { place: 'size' | 'color' | 'quantity'; message: string } | undefined;
  texts: VariantLineTexts;
  onChange: (patch: Partial<VariantLine>) => void;
  onRemove: () => void;
  lang: Lang;
  /** Notes under the stock (the order edit's "no longer in the catalogue"). */
  children?: ReactNode;
};

/**
 * One line of an order being written (the order edit, Take an Order; issue 36): the product and its
 * price, size and color from the catalogue's (a choice it has not, or none yet, stays as the first
 * option until another is chosen), the quantity, the stock of the variant chosen, and Remove.
 */
export function VariantLineRow({ idPrefix, testIds, line, product, price, titleSuffix, error, texts, onChange, onRemove, lang, children }: VariantLineRowProps) {
  const id = `${idPrefix}-${line.key}`;
  const titleId = `${id}-title`;
  const stock = product?.variants.find((v) => v.size === line.size && v.color === line.color)?.stock;
  const choice = (what: 'size' | 'color') => {
    const values = what === 'size' ? product?.sizes : product?.colors;
    if (!product || !values || values.length === 0) return null;
    const value = line[what];
    const names = what === 'size' ? product.sizesBn : product.colorsBn;
    return (
      <FormField label={texts[what]} id={`${id}-${what}`} describedBy={titleId} error={error?.place === what ? error.message : undefined} className="order-edit__choice">
        {(control) => (
          <select {...control} value={value} onChange={(event) => onChange({ [what]: event.target.value })}>
            {(value === '' || !values.includes(value)) && <option value={value}>{value || (what === 'size' ? texts.chooseSize : texts.chooseColor)}</option>}
            {values.map((v) => (
              <option key={v} value={v}>
                {localizedLabel(lang, values, names, v)}
              </option>
            ))}
          </select>
        )}
      </FormField>
    );
  };
  return (
    <li className="order-edit__line" data-testid={testIds.line} data-line={line.key}>
      <p className="order-edit__item">
        <span id={titleId} className="order-edit__title">
          {localized(lang, product?.title ?? line.title, product?.titleBn ?? line.titleBn)}
          {titleSuffix}
        </span>
        {price !== undefined && <span className="order-edit__muted">{price}</span>}
      </p>
      <div className="order-edit__controls">
        {choice('size')}
        {choice('color')}
        <FormField label={texts.quantity} id={`${id}-quantity`} describedBy={titleId} error={error?.place === 'quantity' ? error.message : undefined} className="order-edit__quantity">
          {(control) => (
            <input {...control} type="number" inputMode="numeric" min={1} max={MAX_QUANTITY} step={1} value={line.quantity} onChange={(event) => onChange({ quantity: event.target.value })} />
          )}
        </FormField>
        <button type="button" className="button button--secondary button--small order-edit__remove" aria-describedby={titleId} onClick={onRemove}>
          {texts.remove}
        </button>
      </div>
      {stock !== undefined && (
        <p className="order-edit__muted" data-testid={testIds.stock}>
          {stock > 0 ? texts.inStock(formatNumber(stock, lang)) : texts.noStock}
        </p>
      )}
      {children}
    </li>
  );
}
