import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { secondFactorCodeSchema, type SecondStep } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { clearAlert, showAlert } from '../../../lib/alert';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSingleFlight } from '../../../lib/single-flight';
import { useSignInSecondStep } from '../api/sign-in';

const formSchema = z.object({ code: secondFactorCodeSchema });
type CodeForm = z.infer<typeof formSchema>;

/**
 * The second step of an organiser's sign-in with two-factor sign-in on
 * (docs/product.md#account-security): the code the authenticator app shows, or one of the
 * recovery codes. An expired step (or 5 wrong codes) starts the sign-in again.
 */
export function SecondStepForm({
  step,
  onSignedIn,
  onRestart,
}: {
  step: SecondStep;
  onSignedIn: (message: string) => void;
  onRestart: () => void;
}) {
  const [busy, run] = useSingleFlight();
  const secondStep = useSignInSecondStep();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CodeForm>({ resolver: zodResolver(formSchema), defaultValues: { code: '' } });

  const onValid = ({ code }: CodeForm) =>
    run(async () => {
      clearAlert();
      try {
        onSignedIn(await secondStep.mutateAsync({ pending_token: step.pending_token, code }));
      } catch (err) {
        if (err instanceof ApiError && err.code === 'auth.sign_in_step_ended') {
          showAlert('warning', err.message);
          onRestart();
          return;
        }
        if (!applyServerFieldErrors(err, setError, (name) => name === 'code')) showAlert('danger', errorMessage(err));
      }
    });

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-5">
      <TextField
        label="Authentication code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        hint="The 6 digits your authenticator app shows for Tikiti, or one of your recovery codes."
        error={errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" size="lg" className="w-full" busy={busy} busyText="Checking...">
        Verify and sign in
      </Button>
      <p className="text-center text-sm">
        <button type="button" onClick={onRestart} className="font-medium text-brand-700 hover:underline">
          Start again with your password
        </button>
      </p>
    </form>
  );
}
