import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { passwordSchema, resetPasswordBodySchema } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { showAlert, showFormAlert, useAlertClearsWhenValid } from '../../../lib/alert';
import { anyBlank, applyServerFieldErrors } from '../../../lib/form-errors';
import { useSingleFlight } from '../../../lib/single-flight';

const MISMATCH = 'Password do not match';
const codePasswordSchema = z
  .object({ code: resetPasswordBodySchema.shape.code, password: passwordSchema, confirm: z.string() })
  .refine((v) => v.confirm === v.password, { path: ['confirm'], message: MISMATCH });
export type CodePassword = z.infer<typeof codePasswordSchema>;

/**
 * The mailed 6-digit code, a new password and the same again: the form of the organiser's
 * verify/reset page and the operator's set-password page (docs/product.md#the-operator).
 * `onSubmit` makes the call (one at a time); a refusal it throws is shown in the banner and, for
 * the code or the password, beside that field.
 */
export function CodePasswordForm({
  onSubmit,
  defaultCode = '',
  submitLabel = 'Verify',
  busyText = 'Verifying...',
}: {
  onSubmit: (values: CodePassword) => Promise<void>;
  /** The code a mail's link carries, filled in. */
  defaultCode?: string;
  submitLabel?: string;
  busyText?: string;
}) {
  const [busy, run] = useSingleFlight();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<CodePassword>({
    resolver: zodResolver(codePasswordSchema),
    defaultValues: { code: defaultCode, password: '', confirm: '' },
  });
  useAlertClearsWhenValid(Object.keys(errors).length === 0);

  const onValid = (values: CodePassword) =>
    run(async () => {
      try {
        await onSubmit(values);
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

  return (
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
      <Button type="submit" size="lg" className="w-full" busy={busy} busyText={busyText}>
        {submitLabel}
      </Button>
    </form>
  );
}
