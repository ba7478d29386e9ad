import { useLocation, useNavigate } from 'react-router';
import { ErrorDialog } from '../../../components/ui/error-dialog';
import { routes } from '../../../lib/routes';
import type { BookingProblem } from '../booking-errors';

/**
 * A refused booking's 'Error!' dialog (docs/product.md#error-messages). When another checkout
 * holds these tickets for the email given, it offers the way forward that proves the email:
 * signing in with a mailed code, after which the buyer's booking replaces that hold
 * (docs/product.md#guest-checkout). Someone who typed another person's email gets no further.
 */
export function BookingErrorDialog({ problem, onClose }: { problem: BookingProblem; onClose: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const email = problem.heldFor;
  return (
    <ErrorDialog
      message={problem.message || null}
      onClose={onClose}
      action={
        email
          ? {
              note: (
                <>
                  Is it yours? Sign in with a code we email to <strong className="wrap-anywhere">{email}</strong>, then
                  pay: your booking takes the place of that hold.
                </>
              ),
              label: 'Sign in to finish it',
              onClick: () => void navigate(routes.login, { state: { from: location.pathname, email } }),
            }
          : undefined
      }
    />
  );
}
