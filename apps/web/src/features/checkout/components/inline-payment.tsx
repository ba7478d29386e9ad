import { Link, useNavigate } from 'react-router';
import { useFramedPath } from '../../../lib/embed';
import { routes } from '../../../lib/routes';
import { useCheckout } from '../checkout-store';
import { successPath } from '../success-path';
import { useCountdown } from '../use-countdown';
import { CardPayment } from './card-payment';
import { HoldCountdown } from './hold-countdown';

/**
 * The card form under the details page's 'Credit / Debit' tab, for the payment already created
 * for this booking: the hold's countdown, the form, and the way to the full payment page.
 * Loaded with the first payment, never with the catalogue.
 */
export default function InlinePayment() {
  const navigate = useNavigate();
  const framed = useFramedPath();
  const payment = useCheckout((s) => s.payments.card);
  const dropPayments = useCheckout((s) => s.dropPayments);
  const left = useCountdown(payment?.hold_expires_at);
  if (!payment) return null;
  return (
    <div className="mt-4 space-y-4 rounded-xl border border-slate-200 bg-surface p-4">
      <HoldCountdown expiresAt={payment.hold_expires_at} onStartAgain={dropPayments} />
      {left !== null && left > 0 && (
        <>
          <CardPayment
            key={payment.client_secret}
            payment={payment}
            formId="inline-card-form"
            onSettled={(secret) => void navigate(framed.to(successPath(secret)))}
          />
          <p className="text-center text-sm">
            <Link to={framed.to(routes.paymentMethod)} className="font-medium text-brand-700 hover:underline">
              Review your order
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
