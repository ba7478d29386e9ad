import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { SecondStep } from '@tikiti/contract';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { routes } from '../../../lib/routes';
import { useSingleFlight } from '../../../lib/single-flight';
import { useTitle } from '../../../lib/use-title';
import { useForgotPassword } from '../api/forgot-password';
import { useOperatorSetPassword } from '../api/sign-in';
import { CodePasswordForm, type CodePassword } from '../components/code-password-form';
import { OperatorFrame } from '../components/operator-frame';
import { SecondStepForm } from '../components/second-step-form';

/**
 * /operator/set-password?username=…&code=… (docs/product.md#the-operator): the link mailed by
 * `npm run operator -- add` (or by "forgot password" to an operator). The code (filled in from
 * the link) and a new password sign the operator in, then the two-factor setup follows at
 * /operator/security; an operator who already has it enters the authenticator's code instead.
 */
export default function OperatorSetPasswordPage() {
  useTitle('Set your operator password');
  const [params] = useSearchParams();
  const username = params.get('username')?.trim() || null;
  const linkCode = params.get('code')?.trim() ?? '';
  const setPassword = useOperatorSetPassword();
  const forgot = useForgotPassword();
  const navigate = useNavigate();
  const [resending, resend] = useSingleFlight();
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);

  if (secondStep) {
    return (
      <OperatorFrame
        title="Enter your authentication code"
        intro="Your password is set. Your account asks for the code your authenticator app shows."
      >
        <SecondStepForm
          step={secondStep}
          onSignedIn={() => void navigate(routes.operatorPayouts)}
          onRestart={() => void navigate(routes.operator)}
        />
      </OperatorFrame>
    );
  }

  // The page is only ever opened from a mail's link: without the address it has nothing to set.
  if (!username) return <Navigate to={routes.operator} replace />;

  const onSubmit = async ({ code, password }: CodePassword) => {
    const outcome = await setPassword.mutateAsync({ code, username, password });
    if (outcome.secondStep) {
      showAlert('success', outcome.message);
      setSecondStep(outcome.secondStep);
    } else {
      showAlert('success', 'Your password is set. Now turn on two-factor sign-in: the console opens only with it.');
      void navigate(routes.operatorSecurity);
    }
  };
  const sendNewCode = () =>
    resend(async () => {
      try {
        showAlert('success', await forgot.mutateAsync({ username }));
      } catch (err) {
        showAlert('danger', errorMessage(err));
      }
    });

  return (
    <OperatorFrame
      title="Set your password"
      intro={
        <p>
          Enter the 6-digit code we mailed to <span className="font-semibold text-ink">{username}</span> and choose a
          password. Next you will set up two-factor sign-in.
        </p>
      }
      footer={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <button
            type="button"
            onClick={() => void sendNewCode()}
            disabled={resending}
            className="font-semibold text-brand-700 hover:underline disabled:opacity-60"
          >
            {resending ? 'Sending...' : 'Send me a new code'}
          </button>
          <Link to={routes.operator} className="font-semibold text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </div>
      }
    >
      <CodePasswordForm
        onSubmit={onSubmit}
        defaultCode={linkCode}
        submitLabel="Set password"
        busyText="Setting password..."
      />
    </OperatorFrame>
  );
}
