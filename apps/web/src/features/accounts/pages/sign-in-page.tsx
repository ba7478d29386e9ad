import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { loginBodySchema, type LoginBody, type SecondStep } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { clearAlert, showAlert, showFormAlert, useAlertClearsWhenValid } from '../../../lib/alert';
import { useSingleFlight } from '../../../lib/single-flight';
import { useTitle } from '../../../lib/use-title';
import { useSignInOrganiser } from '../api/sign-in';
import { AuthShell } from '../components/auth-shell';
import { SecondStepForm } from '../components/second-step-form';

/**
 * Organiser sign-in (docs/product.md#organiser-side): username (email or phone) and password, then
 * the dashboard; with two-factor sign-in on, the authenticator's code in between.
 */
export default function SignInPage() {
  useTitle('Host sign in');
  const navigate = useNavigate();
  const [busy, run] = useSingleFlight();
  const signIn = useSignInOrganiser();
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBodySchema), defaultValues: { username: '', password: '' } });
  useAlertClearsWhenValid(Object.keys(errors).length === 0);

  const onValid = (body: LoginBody) =>
    run(async () => {
      clearAlert();
      try {
        const outcome = await signIn.mutateAsync(body);
        if (outcome.secondStep) setSecondStep(outcome.secondStep);
        else void navigate(routes.dashboard);
      } catch (err) {
        showAlert('danger', errorMessage(err));
      }
    });

  if (secondStep) {
    return (
      <AuthShell title="Enter your authentication code" intro="Your account asks for a second step after the password.">
        <SecondStepForm
          step={secondStep}
          onSignedIn={() => void navigate(routes.dashboard)}
          onRestart={() => setSecondStep(null)}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Sign in to your host account"
      intro="Manage events, tickets, orders and much more."
      footer={
        <div className="space-y-3">
          <p>
            New to Tikiti?{' '}
            <Link to={routes.register} className="font-semibold text-brand-700 hover:underline">
              Create an organiser account
            </Link>
          </p>
          <p>
            By signing in you agree to our{' '}
            <Link to={routes.privacy} className="font-medium text-brand-700 hover:underline">
              privacy terms
            </Link>
            . Need help?{' '}
            <Link to={routes.talkToUs} className="font-medium text-brand-700 hover:underline">
              Contact support
            </Link>
          </p>
        </div>
      }
    >
      <form
        onSubmit={handleSubmit(onValid, () => showFormAlert('All fields are required'))}
        noValidate
        className="space-y-5"
      >
        <TextField
          label="Username"
          placeholder="Email/Phone"
          autoComplete="username"
          error={errors.username?.message}
          {...register('username')}
        />
        <div>
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <p className="mt-2 text-right text-sm">
            <Link to={routes.forgot} className="font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </p>
        </div>
        <Button type="submit" size="lg" className="w-full" busy={busy} busyText="Signing In...">
          Sign In
        </Button>
      </form>
    </AuthShell>
  );
}
