import { lazy, Suspense } from 'react';
import type { BookingCreated } from '@tikiti/contract';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { usePaymentConfig } from '../api/payment-config';
import { SandboxCardForm } from './sandbox-card-form';

/** Stripe's form and Stripe.js load only when a Stripe payment is on screen. */
const StripeCardForm = lazy(() => import('./stripe-card-form'));

export interface CardPaymentProps {
  /** The payment the booking call created. */
  payment: BookingCreated;
  formId: string;
  /** False when the page shows its own pay button in a bar at the bottom of a phone's screen. */
  payButtonOnPhone?: boolean;
  onBusyChange?: (busy: boolean) => void;
  /** A sandbox payment succeeded or is processing (Stripe goes to the success page by itself). */
  onSettled: (clientSecret: string) => void;
}

/**
 * The card form of the provider that holds this payment (docs/product.md#checkout-and-payments):
 * the sandbox's own form, or Stripe's Payment Element with the publishable key from
 * GET v1/payments/config.
 */
export function CardPayment({ payment, formId, payButtonOnPhone, onBusyChange, onSettled }: CardPaymentProps) {
  const stripe = payment.provider === 'stripe';
  const config = usePaymentConfig(stripe);
  if (!stripe) {
    return (
      <SandboxCardForm
        clientSecret={payment.client_secret}
        formId={formId}
        payButtonOnPhone={payButtonOnPhone}
        onBusyChange={onBusyChange}
        onSettled={onSettled}
      />
    );
  }
  if (config.isPending) return <Loading label="Loading the secure card form..." />;
  if (config.isError) return <ErrorState message={errorMessage(config.error)} onRetry={() => void config.refetch()} />;
  if (!config.data.publishable_key) {
    return <ErrorState message="Card payments are not available right now. Please try again later." />;
  }
  return (
    <Suspense fallback={<Loading label="Loading the secure card form..." />}>
      <StripeCardForm
        clientSecret={payment.client_secret}
        publishableKey={config.data.publishable_key}
        formId={formId}
        payButtonOnPhone={payButtonOnPhone}
        onBusyChange={onBusyChange}
      />
    </Suspense>
  );
}
