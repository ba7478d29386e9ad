import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { updateAccountBodySchema, type MyData } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useUpdateAccount } from '../api/my-data';

type DetailsForm = z.input<typeof updateAccountBodySchema>;
const FIELDS = new Set(['first_name', 'last_name', 'msisdn']);

/** My data: the name and phone, corrected by the person (docs/product.md#my-data). The email is who they are. */
export function DetailsPanel({ data }: { data: MyData }) {
  const update = useUpdateAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DetailsForm, unknown, z.output<typeof updateAccountBodySchema>>({
    resolver: zodResolver(updateAccountBodySchema),
    defaultValues: { first_name: data.first_name, last_name: data.last_name, msisdn: data.msisdn ?? '' },
  });
  const onValid = async (body: z.output<typeof updateAccountBodySchema>) => {
    try {
      showAlert('success', (await update.mutateAsync(body)).message);
    } catch (err) {
      if (!applyServerFieldErrors(err, setError, (n) => FIELDS.has(n))) showAlert('danger', errorMessage(err));
    }
  };
  return (
    <Panel
      title="Your details"
      intro={`Signed in as ${data.email}. Bookings already made keep the name they were made with.`}
    >
      <form onSubmit={handleSubmit(onValid)} noValidate className="mt-5 grid gap-4 sm:grid-cols-3">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          hint="Leave empty to remove it"
          error={errors.msisdn?.message}
          {...register('msisdn')}
        />
        <div className="sm:col-span-3">
          <Button type="submit" busy={update.isPending} busyText="Saving...">
            Save details
          </Button>
        </div>
      </form>
    </Panel>
  );
}
