import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordSchema, resetPasswordBodySchema, type SecondStep } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { showAlert, showFormAlert, useAlert, useAlertClearsWhenValid } from '../../../lib/alert';
import { anyBlank, applyServerFieldErrors } from '../../../lib/form-errors';
import { useSingleFlight } from '../../../lib/single-flight';
import { useSticky } from '../../../lib/use-sticky';
import { useTitle } from '../../../lib/use-title';
import { useAccountDrafts } from '../account-drafts';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/sign-in';
import { AuthShell } from '../components/auth-shell';
import { SecondStepForm } from '../components/second-step-form';

const MISMATCH = 'Password do not match';
const verifySchema = z
  .object({ code: resetPasswordBodySchema.shape.code, password: passwordSchema, confirm: z.string() })
  .refine((v) => v.confirm === v.password, { path: ['confirm'], message: MISMATCH });
type VerifyForm = z.infer<typeof verifySchema>;

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
  const [busy, run] = useSingleFlight();
  const [resending, setResending] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<VerifyForm>({
    resolver: zodResolver(verifySchema),
    defaultValues: { code: '', password: '', confirm: '' },
  });
  useAlertClearsWhenValid(Object.keys(errors).length === 0);

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

  const onValid = ({ code, password }: VerifyForm) =>
    run(async () => {
      showAlert('warning', 'Processing...');
      try {
        const outcome = await resetPassword.mutateAsync({ code, username, password });
        setResetUsername(null);
        showAlert('success', outcome.message);
        // Two-factor sign-in on: the password is set, the authenticator's code still opens the account.
        if (outcome.secondStep) setSecondStep(outcome.secondStep);
        else void navigate(routes.dashboard);
      } catch (err) {
        showAlert('danger', errorMessage(err));
        applyServerFieldErrors(err, setError, (name) => name === 'code' || name === 'password');
      }
    });
  const onInvalid = () => {
    const values = getValues();
    showFormAlert(
      anyBlank(values, ['code', 'password', 'confirm'])
        ? 'All fields are required'
        : values.confirm !== values.password
          ? MISMATCH
          : 'Check the highlighted fields',
    );
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
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="space-y-5">
        <TextField
          label="Verification Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          error={errors.code?.message}
          {...register('code')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...register('confirm')}
        />
        <Button type="submit" size="lg" className="w-full" busy={busy} busyText="Verifying...">
          Verify
        </Button>
      </form>
    </AuthShell>
  );
}
