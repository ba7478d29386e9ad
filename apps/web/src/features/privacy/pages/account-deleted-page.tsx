import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useSignOut } from '../../accounts';

/** `/account/deleted`: what deleting the account did (docs/product.md#my-data); no session is needed, none is left. */
export default function AccountDeletedPage() {
  useTitle('Account deleted');
  const [params] = useSearchParams();
  const cancelled = Number(params.get('cancelled') ?? 0) || 0;
  // Arriving from the deletion, the session (already ended on the server) is dropped here.
  const fromDeletion = (useLocation().state as { signOut?: boolean } | null)?.signOut === true;
  const signOut = useSignOut('buyer');
  const done = useRef(false);
  useEffect(() => {
    if (!fromDeletion || done.current) return;
    done.current = true;
    signOut.mutate();
  }, [fromDeletion, signOut]);
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm" role="status">
        <CheckCircle2 className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
        <h1 className="mt-4 text-xl font-bold">Your account is deleted</h1>
        <p className="mt-2 text-slate-600">
          Your name, email and phone are gone from Tikiti.
          {cancelled > 0 &&
            ` ${cancelled === 1 ? '1 booking was' : `${cancelled} bookings were`} cancelled; the refund goes back to how you paid, and the organiser has been told.`}
        </p>
        <ButtonLink to={routes.home} className="mt-6">
          Back to Tikiti
        </ButtonLink>
      </div>
    </div>
  );
}
