import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { ArrowLeft } from 'lucide-react';
import { DELAYS_MS, registerOrganiserBodySchema } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showAlert, showFormAlert, useAlertClearsWhenValid } from '../../../lib/alert';
import { anyBlank, applyServerFieldErrors } from '../../../lib/form-errors';
import { useSingleFlight } from '../../../lib/single-flight';
import { useSticky } from '../../../lib/use-sticky';
import { useTitle } from '../../../lib/use-title';
import { wait } from '../../../lib/wait';
import { useAccountDrafts } from '../account-drafts';
import { useRegisterOrganiser } from '../api/register-organiser';
import { AuthShell } from '../components/auth-shell';
import { StepIndicator } from '../../../components/ui/step-indicator';

const TERMS_MESSAGE = 'Accept terms of service to proceed';
const FIELDS = ['organization_name', 'display_name', 'organization_email_address', 'organization_msisdn'] as const;

const stepTwoSchema = registerOrganiserBodySchema
  .pick({ organization_name: true, display_name: true, organization_email_address: true, organization_msisdn: true })
  .extend({ terms: z.boolean().refine((v) => v, TERMS_MESSAGE) });
type StepTwo = z.infer<typeof stepTwoSchema>;

/** Organiser registration step 2 (docs/product.md#organiser-side): the organisation, the terms, then the create call. */
export default function RegisterDetailsPage() {
  useTitle('Your organisation');
  const draft = useSticky(useAccountDrafts((s) => s.registration));
  const setRegistration = useAccountDrafts((s) => s.setRegistration);
  const setResetUsername = useAccountDrafts((s) => s.setResetUsername);
  const registerOrganiser = useRegisterOrganiser();
  const navigate = useNavigate();
  const [busy, run] = useSingleFlight();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<StepTwo>({
    resolver: zodResolver(stepTwoSchema),
    defaultValues: {
      organization_name: '',
      display_name: '',
      organization_email_address: '',
      organization_msisdn: '',
      terms: false,
    },
  });
  useAlertClearsWhenValid(Object.keys(errors).length === 0);

  // docs/product.md#organiser-flows: step 2 without the data of step 1 goes back to step 1.
  if (!draft) return <Navigate to={routes.register} replace />;

  const onValid = ({ terms: _terms, ...organisation }: StepTwo) =>
    run(async () => {
      showAlert('warning', 'Processing...');
      try {
        const { username } = await registerOrganiser.mutateAsync({ ...draft, ...organisation });
        setResetUsername(username || draft.email_address);
        showAlert('success', `Registration succeeded, a code was sent to your email ${draft.email_address}`);
        void navigate(routes.reset);
        setRegistration(null);
      } catch (err) {
        showAlert('danger', errorMessage(err));
        applyServerFieldErrors(err, setError, (name) => (FIELDS as readonly string[]).includes(name));
        if (err instanceof ApiError && err.status === 409) {
          // docs/product.md#organiser-flows: an existing account goes to sign-in after 2.5 s.
          await wait(DELAYS_MS.redirectAfterConflict);
          void navigate(routes.signIn);
        }
      }
    });
  const onInvalid = () => {
    const values = getValues();
    showFormAlert(
      anyBlank(values, FIELDS)
        ? 'All fields are required'
        : !values.terms
          ? TERMS_MESSAGE
          : 'Check the highlighted fields',
    );
  };

  return (
    <AuthShell
      wide
      title={`Hi ${draft.first_name}, tell us about your organisation`}
      intro="This is how buyers will see you on Tikiti."
    >
      <StepIndicator step={2} of={2} label="Your organisation" />
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Organization name"
            autoComplete="organization"
            error={errors.organization_name?.message}
            {...register('organization_name')}
          />
          <TextField
            label="Display name"
            hint="Shown to buyers on your events"
            error={errors.display_name?.message}
            {...register('display_name')}
          />
          <TextField
            label="Organisation email"
            type="email"
            error={errors.organization_email_address?.message}
            {...register('organization_email_address')}
          />
          <TextField
            label="Organisation phone"
            type="tel"
            error={errors.organization_msisdn?.message}
            {...register('organization_msisdn')}
          />
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <label className="flex items-start gap-3 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-700"
              aria-invalid={errors.terms ? true : undefined}
              {...register('terms')}
            />
            <span>
              I accept the terms of service: I will use Tikiti for respectful, inclusive and lawful events, and I have
              read the{' '}
              <Link to={routes.privacy} className="font-medium text-brand-700 hover:underline">
                privacy policy
              </Link>
              .
            </span>
          </label>
          {errors.terms && (
            <p className="mt-2 text-sm text-red-600" role="alert">
              {errors.terms.message}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link
            to={routes.register}
            className="inline-flex items-center justify-center gap-2 py-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back
          </Link>
          <Button type="submit" size="lg" busy={busy} busyText="Processing...">
            Create organiser account
          </Button>
        </div>
      </form>
    </AuthShell>
  );
}
