import type { ChangeEvent, InputHTMLAttributes } from 'react';
import { fromBengaliDigits } from '../../../src/shared/locale-format';

type UppercaseInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * A text input whose value is upper-cased as it is typed (coupon codes), its Bengali digits as ASCII
 * ones (a Bengali keyboard types ১০ for 10; issue 33). The caret stays where it was: the DOM value is
 * fixed before React sees the change, so React has nothing to overwrite.
 */
export function UppercaseInput({ value, onValueChange, ...props }: UppercaseInputProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const upper = fromBengaliDigits(input.value).toUpperCase();
    if (upper !== input.value && upper.length === input.value.length) {
      const { selectionStart, selectionEnd } = input;
      input.value = upper;
      if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
    }
    onValueChange(upper);
  }

  return (
    <input
      {...props}
      type="text"
      value={value}
      onChange={handleChange}
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
    />
  );
}
