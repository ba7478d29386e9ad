import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { SecondStep } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { errorMessage } from '../../../lib/api-client';
import { showAlert, useAlert } from '../../../lib/alert';
import { useSticky } from '../../../lib/use-sticky';
import { useTitle } from '../../../lib/use-title';
import { useAccountDrafts } from '../account-drafts';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/sign-in';
import { AuthShell } from '../components/auth-shell';
import { CodePasswordForm, type CodePassword } from '../components/code-password-form';
import { SecondStepForm } from '../components/second-step-form';

/**
 * Account verification (docs/product.md#organiser-side): the code mailed after registration, recovery or an invite
 * sets the password and signs the organiser in. The username comes from client state, or
 * from `?username=` in an invite link (then kept in client state).
 */
export default function ResetPage() {
  useTitle('Verify your account');
  const [params] = useSearchParams();
  const fromLink = params.get('username')?.trim() || null;
  const stored = useSticky(useAccountDrafts((s) => s.resetUsername));
  const setResetUsername = useAccountDrafts((s) => s.setResetUsername);
  const message = useAlert((s) => s.message);
  const resetPassword = useResetPassword();
  const forgot = useForgotPassword();
  const username = fromLink ?? stored;
  const navigate = useNavigate();
  const [resending, setResending] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);

  useEffect(() => {
    if (fromLink && fromLink !== stored) setResetUsername(fromLink);
  }, [fromLink, stored, setResetUsername]);

  if (secondStep) {
    return (
      <AuthShell
        title="Enter your authentication code"
        intro="Your password is set. Your account asks for a second step."
      >
        <SecondStepForm
          step={secondStep}
          onSignedIn={() => void navigate(routes.dashboard)}
          onRestart={() => void navigate(routes.signIn)}
        />
      </AuthShell>
    );
  }

  // docs/product.md#organiser-side: no stored username → sign-in.
  if (!username) return <Navigate to={routes.signIn} replace />;

  const onSubmit = async ({ code, password }: CodePassword) => {
    showAlert('warning', 'Processing...');
    const outcome = await resetPassword.mutateAsync({ code, username, password });
    setResetUsername(null);
    showAlert('success', outcome.message);
    // Two-factor sign-in on: the password is set, the authenticator's code still opens the account.
    if (outcome.secondStep) setSecondStep(outcome.secondStep);
    else void navigate(routes.dashboard);
  };
  const resend = async () => {
    if (resending) return;
    setResending(true);
    try {
      showAlert('success', await forgot.mutateAsync({ username }));
    } catch (err) {
      showAlert('danger', errorMessage(err));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthShell
      title="Verify your account"
      intro={
        <>
          {!message && fromLink && <p className="mb-2">Welcome to the team! Set your password to get started.</p>}
          <p>
            Enter the 6-digit code we sent for <span className="font-semibold text-ink">{username}</span> and choose a
            password.
          </p>
        </>
      }
      footer={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <button
            type="button"
            onClick={resend}
            disabled={resending}
            className="font-semibold text-brand-700 hover:underline disabled:opacity-60"
          >
            {resending ? 'Sending...' : 'Send me a new code'}
          </button>
          <Link to={routes.signIn} className="font-semibold text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </div>
      }
    >
      <CodePasswordForm onSubmit={onSubmit} />
    </AuthShell>
  );
}
