import { useNavigate } from 'react-router';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { TwoFactorPanel } from '../components/security/two-factor-panel';

/**
 * /operator/security (docs/product.md#the-operator): the operator's two-factor sign-in, with the
 * organiser's setup (QR code and key, the first code, recovery codes shown once). The console
 * sends an operator without it here; once the recovery codes are kept, on to the payouts.
 */
export default function OperatorSecurityPage() {
  useTitle('Operator security');
  const navigate = useNavigate();
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your account&apos;s security</h1>
      <p className="mt-1 text-slate-600">
        Every operator signs in with a password and a code from an authenticator app. The console opens once it is on.
      </p>
      <div className="mt-6">
        <TwoFactorPanel side="operator" onSaved={() => void navigate(routes.operatorPayouts)} />
      </div>
    </div>
  );
}
