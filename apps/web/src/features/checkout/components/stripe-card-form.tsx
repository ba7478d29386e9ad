import { useEffect, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import type { Appearance, Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import interFont from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { RETURN_PATH } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { useFramedPath } from '../../../lib/embed';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { useSingleFlight } from '../../../lib/single-flight';
import { useFlashMessage } from '../use-flash-message';
import { PaymentMessage } from './payment-message';

/** The Payment Element drawn like the rest of the site (docs/product.md#look-and-feel): deep teal, Inter, rounded. */
export const stripeAppearance: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#0F766E',
    colorText: '#0F172A',
    colorDanger: '#DC2626',
    colorBackground: '#FFFFFF',
    fontFamily: "'Inter Variable', Inter, ui-sans-serif, system-ui, sans-serif",
    borderRadius: '8px',
    spacingUnit: '4px',
  },
  rules: {
    '.Input': { borderColor: '#CBD5E1', boxShadow: 'none' },
    '.Input:focus': { borderColor: '#0D9488', boxShadow: '0 0 0 3px rgba(13, 148, 136, 0.2)' },
    '.Label': { fontWeight: '500', color: '#334155' },
    '.Tab--selected': { borderColor: '#0F766E' },
  },
};

/** Stripe.js, loaded once per key and only when a Stripe payment is on screen. */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
    promise.catch(() => loaded.delete(publishableKey));
  }
  return promise;
}

/** What the buyer reads when Stripe refuses: the card's own words for card and form errors, else a plain sentence. */
export function stripeErrorMessage(error: { type?: string; message?: string }): string {
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message) return error.message;
  return 'An unexpected error occurred.';
}

function PaymentForm({
  formId,
  payButtonOnPhone,
  onBusyChange,
}: {
  formId: string;
  payButtonOnPhone: boolean;
  onBusyChange?: (busy: boolean) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, run] = useSingleFlight();
  const [flash, showFlash] = useFlashMessage();
  const framed = useFramedPath();
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    void run(async () => {
      // Stripe sends the buyer to the success page with ?payment_intent_client_secret=… once paid.
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${framed.to(RETURN_PATH)}` },
      });
      if (error) showFlash(stripeErrorMessage(error), 'error');
    });
  };

  return (
    <form id={formId} onSubmit={submit} className="space-y-4" aria-label="Card details">
      <PaymentElement options={{ layout: 'tabs' }} />
      <PaymentMessage flash={flash} />
      <div className={payButtonOnPhone ? undefined : 'hidden md:block'}>
        <Button type="submit" size="lg" className="w-full" busy={busy} disabled={!stripe || !elements}>
          {!busy && <Lock className="h-4 w-4" aria-hidden />} Pay now
        </Button>
      </div>
    </form>
  );
}

/**
 * Stripe's Payment Element (tabs layout) for a payment created by the booking call, confirmed
 * with `stripe.confirmPayment`. This module and Stripe.js load only when a Stripe payment is
 * shown, never with the rest of the app.
 */
export default function StripeCardForm({
  clientSecret,
  publishableKey,
  formId,
  payButtonOnPhone = true,
  onBusyChange,
}: {
  clientSecret: string;
  publishableKey: string;
  formId: string;
  payButtonOnPhone?: boolean;
  onBusyChange?: (busy: boolean) => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; stripe: Stripe | null; failed: boolean } | null>(null);
  const key = `${publishableKey}#${attempt}`;
  useEffect(() => {
    let live = true;
    stripeFor(publishableKey).then(
      (stripe) => live && setState({ key, stripe, failed: stripe === null }),
      () => live && setState({ key, stripe: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, key]);

  if (!state || state.key !== key) return <Loading label="Loading the secure card form..." />;
  if (state.failed || !state.stripe) {
    return (
      <ErrorState
        message="We could not load the card form. Check your connection and try again."
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  const options: StripeElementsOptions = {
    clientSecret,
    appearance: stripeAppearance,
    fonts: [
      { family: 'Inter Variable', src: `url(${new URL(interFont, window.location.origin).href})`, weight: '100 900' },
    ],
  };
  return (
    <Elements stripe={state.stripe} options={options}>
      <PaymentForm formId={formId} payButtonOnPhone={payButtonOnPhone} onBusyChange={onBusyChange} />
    </Elements>
  );
}
