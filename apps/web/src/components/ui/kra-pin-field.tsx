import { forwardRef, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { TextField } from './field';

/**
 * A KRA PIN input (docs/product.md#tax-documents): upper-cased as it is typed, the caret kept
 * where it was, so what the buyer sees is what the contract's kraPinSchema stores.
 */
export const KraPinField = forwardRef<
  HTMLInputElement,
  { label?: ReactNode; error?: string; hint?: ReactNode; className?: string } & InputHTMLAttributes<HTMLInputElement>
>(function KraPinField(
  { label = 'KRA PIN', hint = 'A letter, nine digits and a letter, e.g. P051234567X', onChange, ...rest },
  ref,
) {
  const upperCase = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const upper = input.value.toUpperCase();
    if (upper !== input.value) {
      const { selectionStart, selectionEnd } = input;
      input.value = upper;
      input.setSelectionRange(selectionStart, selectionEnd);
    }
    onChange?.(e);
  };
  return (
    <TextField
      ref={ref}
      label={label}
      hint={hint}
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={11}
      {...rest}
      onChange={upperCase}
    />
  );
});
