import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { Phone } from 'lucide-react';
import { registerStepOneSchema, type RegisterStepOne } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { clearAlert, showFormAlert, useAlertClearsWhenValid } from '../../../lib/alert';
import { anyBlank } from '../../../lib/form-errors';
import { useTitle } from '../../../lib/use-title';
import { useAccountDrafts } from '../account-drafts';
import { AuthShell } from '../components/auth-shell';
import { StepIndicator } from '../../../components/ui/step-indicator';

const FIELDS = ['first_name', 'last_name', 'msisdn', 'email_address'] as const;
const HELP_PHONE = '+254 700 000 000';

/** Organiser registration step 1 (docs/product.md#organiser-side): the person; kept as a draft for step 2 (docs/product.md#organiser-flows). */
export default function RegisterPage() {
  useTitle('Create your organiser account');
  const draft = useAccountDrafts((s) => s.registration);
  const setRegistration = useAccountDrafts((s) => s.setRegistration);
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<RegisterStepOne>({
    resolver: zodResolver(registerStepOneSchema),
    defaultValues: draft ?? { first_name: '', last_name: '', msisdn: '', email_address: '' },
  });
  useAlertClearsWhenValid(Object.keys(errors).length === 0);

  const onValid = (values: RegisterStepOne) => {
    clearAlert();
    setRegistration(values);
    void navigate(routes.registerDetails);
  };
  const onInvalid = () =>
    showFormAlert(anyBlank(getValues(), FIELDS) ? 'All fields are required' : 'Check the highlighted fields');

  return (
    <AuthShell
      title="Create your organiser account"
      intro="Sell tickets to your conferences, trainings and networking events."
      footer={
        <div className="space-y-3">
          <p>
            Already have an account?{' '}
            <Link to={routes.signIn} className="font-semibold text-brand-700 hover:underline">
              Sign in
            </Link>
          </p>
          <p className="flex items-center gap-2">
            <Phone className="h-4 w-4 text-slate-400" aria-hidden />
            Need help? Call us on{' '}
            <a href={`tel:${HELP_PHONE.replace(/\s/g, '')}`} className="font-semibold text-brand-700 hover:underline">
              {HELP_PHONE}
            </a>
          </p>
        </div>
      }
    >
      <StepIndicator step={1} of={2} label="About you" />
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
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
        </div>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="+254 7XX XXX XXX"
          error={errors.msisdn?.message}
          {...register('msisdn')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.co.ke"
          error={errors.email_address?.message}
          {...register('email_address')}
        />
        <Button type="submit" size="lg" className="w-full">
          Continue
        </Button>
      </form>
    </AuthShell>
  );
}
