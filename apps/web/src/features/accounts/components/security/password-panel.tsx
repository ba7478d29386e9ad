import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changePasswordBodySchema } from '@tikiti/contract';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/field';
import { Panel } from '../../../../components/ui/panel';
import { errorMessage } from '../../../../lib/api-client';
import { showAlert } from '../../../../lib/alert';
import { applyServerFieldErrors } from '../../../../lib/form-errors';
import { useChangePassword } from '../../api/account-security';

const formSchema = changePasswordBodySchema
  .extend({ confirm: z.string() })
  .refine((v) => v.confirm === v.password, { path: ['confirm'], message: 'Password do not match' });
type PasswordForm = z.infer<typeof formSchema>;

/** Settings, Security: a new password; every other session ends (docs/product.md#account-security). */
export function PasswordPanel() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { current_password: '', password: '', confirm: '' },
  });
  const onValid = async ({ current_password, password }: PasswordForm) => {
    try {
      showAlert('success', await change.mutateAsync({ current_password, password }));
      reset();
    } catch (err) {
      if (!applyServerFieldErrors(err, setError, (n) => n === 'current_password' || n === 'password')) {
        showAlert('danger', errorMessage(err));
      }
    }
  };
  return (
    <Panel title="Password" intro="A new password signs you out everywhere else.">
      <form onSubmit={handleSubmit(onValid)} noValidate className="mt-5 grid gap-4 sm:grid-cols-3">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...register('confirm')}
        />
        <div className="sm:col-span-3">
          <Button type="submit" busy={change.isPending} busyText="Saving...">
            Change password
          </Button>
        </div>
      </form>
    </Panel>
  );
}
