import { TextField } from '../../../components/ui/field';

/** The Safaricom number the M-Pesa prompt goes to (docs/product.md#m-pesa), with its error beside it. */
export function MpesaNumberField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="M-Pesa number"
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      maxLength={20}
      placeholder="07xx xxx xxx"
      hint="The Safaricom number that will get the payment prompt"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
