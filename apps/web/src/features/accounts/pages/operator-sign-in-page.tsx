import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { loginBodySchema, organiserSignInSchema, type LoginBody, type SecondStep } from '@tikiti/contract';
import { AlertBanner } from '../../../components/layout/alert-banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { apiCall, errorMessage } from '../../../lib/api-client';
import { clearAlert, showAlert, showFormAlert, useAlertClearsWhenValid } from '../../../lib/alert';
import { routes } from '../../../lib/routes';
import { useSingleFlight } from '../../../lib/single-flight';
import { useTitle } from '../../../lib/use-title';
import { SecondStepForm } from '../components/second-step-form';
import { useSession } from '../session-store';

const NOT_OPERATOR = 'This is not an operator account. Organisers sign in at /organizer/login.';

/**
 * The operator's sign-in at /operator (docs/product.md#the-operator): the same two calls as an
 * organiser with two-factor sign-in (POST v1/auth/login, then POST v1/auth/login/totp with the
 * authenticator's code), in a frame of its own. Only an operator's session opens the console;
 * anyone else's is refused here and not kept.
 */
export default function OperatorSignInPage() {
  useTitle('Operator sign in');
  const navigate = useNavigate();
  const [busy, run] = useSingleFlight();
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const signedInAs = useSession((s) => (s.token ? s.accountType : null));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBodySchema), defaultValues: { username: '', password: '' } });
  useAlertClearsWhenValid(Object.keys(errors).length === 0);

  if (signedInAs === 'operator' && !secondStep) return <Navigate to={routes.operatorPayouts} replace />;

  const onValid = (body: LoginBody) =>
    run(async () => {
      clearAlert();
      try {
        const answer = await apiCall('auth/login', {
          method: 'POST',
          body,
          side: 'operator',
          anonymous: true,
          schema: organiserSignInSchema,
        });
        if ('pending_token' in answer.data) setSecondStep(answer.data);
        else showAlert('danger', answer.data.account_type === 'operator' ? 'Turn on two-factor sign-in' : NOT_OPERATOR);
      } catch (err) {
        showAlert('danger', errorMessage(err));
      }
    });

  const signedIn = () => {
    if (useSession.getState().accountType === 'operator') {
      void navigate(routes.operatorPayouts);
      return;
    }
    useSession.getState().signOut();
    setSecondStep(null);
    showAlert('danger', NOT_OPERATOR);
  };

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-900 px-4 py-10">
      <main className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
          <ShieldCheck className="h-5 w-5" aria-hidden />
          Tikiti operator console
        </p>
        <AlertBanner className="mt-4" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">
          {secondStep ? 'Enter your authentication code' : 'Sign in'}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {secondStep
            ? 'The 6 digits your authenticator app shows for Tikiti.'
            : 'For the people who run Tikiti. Every action here is recorded.'}
        </p>
        <div className="mt-6">
          {secondStep ? (
            <SecondStepForm step={secondStep} onSignedIn={signedIn} onRestart={() => setSecondStep(null)} />
          ) : (
            <form
              onSubmit={handleSubmit(onValid, () => showFormAlert('All fields are required'))}
              noValidate
              className="space-y-5"
            >
              <TextField
                label="Email"
                autoComplete="username"
                error={errors.username?.message}
                {...register('username')}
              />
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...register('password')}
              />
              <Button type="submit" size="lg" className="w-full" busy={busy} busyText="Signing in...">
                Continue
              </Button>
            </form>
          )}
        </div>
      </main>
    </div>
  );
}
