import { useRef } from 'react';
import type { GuestDetails } from '@tikiti/contract';
import { TextField } from '../../../components/ui/field';

export const NO_GUEST_DETAILS: GuestDetails = { full_name: '', email_address: '', msisdn: '' };

/**
 * A guest's full name, email and phone (docs/product.md#validation-rules), each with its error
 * beside it: on the details page's booking panel and on the payment page alike, editable until
 * the booking is paid. `onSomeoneElse` offers "Buying for someone else?", which empties the
 * fields for a fresh checkout in another person's name (docs/product.md#guest-checkout).
 */
export function GuestDetailsFields({
  details,
  errors,
  onChange,
  onSomeoneElse,
}: {
  details: GuestDetails;
  errors: Partial<Record<keyof GuestDetails, string>>;
  onChange: (field: keyof GuestDetails, value: string) => void;
  onSomeoneElse?: () => void;
}) {
  const nameRef = useRef<HTMLInputElement>(null);
  const field = (key: keyof GuestDetails) => ({
    value: details[key],
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(key, e.target.value),
  });
  return (
    <div className="space-y-4">
      <TextField ref={nameRef} label="Full name" autoComplete="name" maxLength={100} {...field('full_name')} />
      <TextField label="Email" type="email" autoComplete="email" maxLength={254} {...field('email_address')} />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        maxLength={20}
        placeholder="+254 7xx xxx xxx"
        {...field('msisdn')}
      />
      {onSomeoneElse && (
        <button
          type="button"
          className="text-sm font-medium text-brand-700 hover:underline"
          onClick={() => {
            onSomeoneElse();
            nameRef.current?.focus();
          }}
        >
          Buying for someone else?
        </button>
      )}
    </div>
  );
}
