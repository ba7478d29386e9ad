import { useEffect, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import {
  INTENT_MESSAGES,
  isSandboxCard,
  sandboxConfirmBodySchema,
  SANDBOX_UNKNOWN_CARD,
  type IntentStatus,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSingleFlight } from '../../../lib/single-flight';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { useFlashMessage } from '../use-flash-message';
import { PaymentMessage } from './payment-message';

type Field = 'card_number' | 'expiry' | 'cvc';
type Errors = Partial<Record<Field, string>>;

const digitsOf = (s: string) => s.replace(/\D/g, '');
/** "4242424242424242" → "4242 4242 4242 4242" as it is typed. */
export const formatCardNumber = (s: string) =>
  digitsOf(s)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
/** "1234" → "12 / 34" as it is typed. */
export const formatExpiry = (s: string) => {
  const d = digitsOf(s).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

/** The expiry month has passed (cards are valid to the end of their month). */
function expired(expiry: string, now = new Date()): boolean {
  const [mm, yy] = expiry.split('/').map((p) => Number(p.trim()));
  if (!mm || yy === undefined || Number.isNaN(yy)) return false;
  return 2000 + yy < now.getFullYear() || (2000 + yy === now.getFullYear() && mm < now.getMonth() + 1);
}

/**
 * The form's own checks, before anything is sent: the contract's rules for the sandbox
 * (docs/product.md#checkout-and-payments) and an expiry in the future. A number that is not
 * one of the published test cards is refused here, so no real card number leaves the browser.
 */
export function checkSandboxCard(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  const digits = digitsOf(values.card_number);
  if (digits === '') errors.card_number = 'Enter the card number';
  else if (!isSandboxCard(digits)) errors.card_number = SANDBOX_UNKNOWN_CARD;
  const parsed = sandboxConfirmBodySchema.safeParse({ client_secret: 'x', ...values, card_number: digits });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      if (field !== 'card_number' && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.expiry && expired(values.expiry)) errors.expiry = 'This card has expired';
  return errors;
}

const intentMessage = (status: IntentStatus) => INTENT_MESSAGES[status] ?? INTENT_MESSAGES.other;

/**
 * The sandbox's card form: "Card number", "Expiry (MM / YY)", "CVC" and "Pay now". A test card
 * pays through POST v1/payments/sandbox/confirm; a success or a payment still processing goes on
 * to the success page, a decline shows the card's own message for 4 s, and what was typed stays.
 */
export function SandboxCardForm({
  clientSecret,
  formId,
  payButtonOnPhone = true,
  onBusyChange,
  onSettled,
}: {
  clientSecret: string;
  formId: string;
  /** False when the page shows its own pay button in a bar at the bottom of a phone's screen. */
  payButtonOnPhone?: boolean;
  onBusyChange?: (busy: boolean) => void;
  /** The payment succeeded or is processing: the success page takes it from here. */
  onSettled: (clientSecret: string) => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({ card_number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, run] = useSingleFlight();
  const [flash, showFlash] = useFlashMessage();
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const set = (field: Field, format: (s: string) => string) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = format(e.target.value);
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const found = checkSandboxCard(values);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      try {
        const result = await confirmSandboxPayment({
          client_secret: clientSecret,
          card_number: digitsOf(values.card_number),
          expiry: values.expiry,
          cvc: values.cvc,
        });
        if (result.status === 'succeeded' || result.status === 'processing') {
          showFlash(intentMessage(result.status), result.status === 'succeeded' ? 'success' : 'info');
          onSettled(clientSecret);
        } else {
          // A declined card: the card's own words ("Your card was declined."), else the intent's.
          showFlash(result.message ?? intentMessage(result.status), 'error');
        }
      } catch (err) {
        if (err instanceof ApiError && err.fieldErrors.length > 0) {
          const onFields: Errors = {};
          for (const { path, message } of err.fieldErrors) {
            if (path === 'card_number' || path === 'expiry' || path === 'cvc') onFields[path] = message;
          }
          setErrors(onFields);
        }
        showFlash(errorMessage(err), 'error');
      }
    });
  };

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-4" aria-label="Card details">
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={values.card_number}
        onChange={set('card_number', formatCardNumber)}
        error={errors.card_number}
        hint="Sandbox payments: use a test card such as 4242 4242 4242 4242."
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={values.expiry}
          onChange={set('expiry', formatExpiry)}
          error={errors.expiry}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={values.cvc}
          onChange={set('cvc', (s) => digitsOf(s).slice(0, 4))}
          error={errors.cvc}
        />
      </div>
      <PaymentMessage flash={flash} />
      <div className={payButtonOnPhone ? undefined : 'hidden md:block'}>
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          {!busy && <Lock className="h-4 w-4" aria-hidden />} Pay now
        </Button>
      </div>
    </form>
  );
}
