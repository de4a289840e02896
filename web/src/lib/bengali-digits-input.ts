import { fromBengaliDigits } from '../../../src/shared/locale-format';

const bengaliDigit = /[\u09e6-\u09ef]/;

/**
 * A Bengali keyboard types ০-৯ by default, and a number field (`<input type="number">`: quantities,
 * prices, stock, discounts, the price filter) drops them without a word (issue 33). One listener for
 * the whole app, installed once at start: text typed or pasted into a number field with Bengali digits
 * is inserted as its ASCII digits instead, so the field, React's onChange and the API see 0-9. Text
 * fields (phones, codes, searches) keep what was typed; the page's rules and the API read either.
 */
export function acceptBengaliDigits(root: Document): void {
  root.addEventListener(
    'beforeinput',
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== 'number') return;
      const text = event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
      if (!bengaliDigit.test(text)) return;
      event.preventDefault();
      // execCommand keeps the field's undo history and fires the input event React listens to.
      root.execCommand('insertText', false, fromBengaliDigits(text));
    },
    true,
  );
}
