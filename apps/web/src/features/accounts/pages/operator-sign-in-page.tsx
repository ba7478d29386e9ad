import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router';
import { loginBodySchema, organiserSignInSchema, type LoginBody, type SecondStep } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { apiCall, errorMessage } from '../../../lib/api-client';
import { clearAlert, showAlert, showFormAlert, useAlertClearsWhenValid } from '../../../lib/alert';
import { routes } from '../../../lib/routes';
import { useSingleFlight } from '../../../lib/single-flight';
import { useTitle } from '../../../lib/use-title';
import { keepSession } from '../api/keep-session';
import { NOT_OPERATOR } from '../api/sign-in';
import { OperatorFrame } from '../components/operator-frame';
import { SecondStepForm } from '../components/second-step-form';
import { useSession } from '../session-store';

/**
 * The operator's sign-in at /operator (docs/product.md#the-operator): the same two calls as an
 * organiser with two-factor sign-in (POST v1/auth/login, then POST v1/auth/login/totp with the
 * authenticator's code), in a frame of its own. Only an operator's session opens the console;
 * anyone else's is refused here and not kept. An operator without two-factor sign-in yet (new,
 * or stopped after the password) is signed in and sent to its setup at /operator/security.
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
        const { data } = answer;
        if ('pending_token' in data) setSecondStep(data);
        else if (data.account_type !== 'operator') showAlert('danger', NOT_OPERATOR);
        else {
          // A new operator without two-factor sign-in yet: the session is kept, and the console
          // (its frame) sends it to the setup, the one page open until it is on.
          keepSession({ ...answer, data }, 'operator');
        }
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
    <OperatorFrame
      title={secondStep ? 'Enter your authentication code' : 'Sign in'}
      intro={
        secondStep
          ? 'The 6 digits your authenticator app shows for Tikiti.'
          : 'For the people who run Tikiti. Every action here is recorded.'
      }
    >
      {secondStep ? (
        <SecondStepForm step={secondStep} onSignedIn={signedIn} onRestart={() => setSecondStep(null)} />
      ) : (
        <form
          onSubmit={handleSubmit(onValid, () => showFormAlert('All fields are required'))}
          noValidate
          className="space-y-5"
        >
          <TextField label="Email" autoComplete="username" error={errors.username?.message} {...register('username')} />
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
    </OperatorFrame>
  );
}
