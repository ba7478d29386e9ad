import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { forgotPasswordBodySchema, type ForgotPasswordBody } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { showAlert, showFormAlert, useAlertClearsWhenValid } from '../../../lib/alert';
import { useSingleFlight } from '../../../lib/single-flight';
import { useTitle } from '../../../lib/use-title';
import { wait } from '../../../lib/wait';
import { useAccountDrafts } from '../account-drafts';
import { useForgotPassword } from '../api/forgot-password';
import { AuthShell } from '../components/auth-shell';

/** How long a failed recovery call's message is shown before moving on to reset. */
const ERROR_SHOWN_MS = 1500;

/** Account recovery (docs/product.md#organiser-side): always stores the username and goes on to reset, even after an error. */
export default function ForgotPage() {
  useTitle('Recover your account');
  const setResetUsername = useAccountDrafts((s) => s.setResetUsername);
  const forgot = useForgotPassword();
  const navigate = useNavigate();
  const [busy, run] = useSingleFlight();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { username: '' } });
  useAlertClearsWhenValid(Object.keys(errors).length === 0);

  const onValid = ({ username }: ForgotPasswordBody) =>
    run(async () => {
      try {
        showAlert('success', await forgot.mutateAsync({ username }));
      } catch (err) {
        showAlert('danger', errorMessage(err));
        await wait(ERROR_SHOWN_MS);
      }
      setResetUsername(username);
      void navigate(routes.reset);
    });

  return (
    <AuthShell
      title="Recover your account"
      intro="Enter the email or phone number you sign in with. We will send you a code to set a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to={routes.signIn} className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </p>
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
        <Button type="submit" size="lg" className="w-full" busy={busy} busyText="Recovering...">
          Recover
        </Button>
      </form>
    </AuthShell>
  );
}
