import { useId, useState } from 'react';
import { FormField } from '../../../components/form-field';
import type { Lang } from '../../../lib/i18n/i18n';
import { localized } from '../../../lib/i18n/localized';
import { useDebounced } from '../../../lib/use-debounced';
import { formatMoney } from '../../../../../src/shared/locale-format';
import { useProductSearch, type EditProduct } from '../api/get-edit-products';

/** The picker's words, from the form that uses it (the order's change form, Take an Order). */
export type ProductPickerTexts = { add: string; addHint: string; searching: string; searchFailed: string; noMatch: string; addThis: string };

/**
 * "Add a product": the catalogue searched by title as the member of staff types, each match with
 * Add. Shared by the change form of an order (issue 36) and Take an Order: `idPrefix` keeps their
 * ids apart, `matchesTestId` names the list for the browser tests.
 */
export function ProductPicker({ onPick, texts, lang, idPrefix, matchesTestId }: { onPick: (product: EditProduct) => void; texts: ProductPickerTexts; lang: Lang; idPrefix: string; matchesTestId: string }) {
  const [typed, setTyped] = useState('');
  // Cleared (a product was added), the matches go at once; typed, they follow when the typing pauses.
  const settled = useDebounced(typed.trim(), typed.trim(), 300);
  const words = typed.trim() === '' ? '' : settled;
  const search = useProductSearch(words);
  const resultsId = useId();
  return (
    <div className="order-edit__add">
      <FormField label={texts.add} id={`${idPrefix}-search`} hint={texts.addHint} describedBy={words ? resultsId : undefined}>
        {(control) => (
          <input
            {...control}
            type="search"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            // Enter searches (it already does as one types): it never sends the form.
            onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          />
        )}
      </FormField>
      {words !== '' && (
        <div id={resultsId} className="order-edit__results" aria-live="polite">
          {search.status === 'pending' ? (
            <p className="order-edit__muted">{texts.searching}</p>
          ) : search.status === 'error' ? (
            <p className="form-field__error">{texts.searchFailed}</p>
          ) : search.data.items.length === 0 ? (
            <p className="order-edit__muted">{texts.noMatch}</p>
          ) : (
            <ul className="order-edit__matches" data-testid={matchesTestId}>
              {search.data.items.map((product) => (
                <li key={product._id} className="order-edit__match">
                  <span id={`${idPrefix}-match-${product._id}`} className="order-edit__title">
                    {localized(lang, product.title, product.titleBn)}
                  </span>
                  <span className="order-edit__muted">{formatMoney(product.price, lang)}</span>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-describedby={`${idPrefix}-match-${product._id}`}
                    onClick={() => {
                      onPick(product);
                      setTyped('');
                    }}
                  >
                    {texts.addThis}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
