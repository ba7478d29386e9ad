import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { inviteWithRoleBodySchema, type InviteWithRoleBody, type TeammateRole } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { showAlert, showFormAlert, useAlertClearsWhenValid } from '../../../lib/alert';
import { anyBlank, applyServerFieldErrors } from '../../../lib/form-errors';
import { useSingleFlight } from '../../../lib/single-flight';
import { useTitle } from '../../../lib/use-title';
import { useInviteTeammate } from '../api/invite-teammate';
import { ROLE_HINTS, ROLE_LABELS } from '../roles';

const FIELDS = ['first_name', 'last_name', 'email_address', 'msisdn'] as const;
/** Least power first, and chosen by default: a teammate is given more only on purpose. */
const INVITE_ROLES: readonly TeammateRole[] = ['checkin', 'admin'];

const SERVER_FIELDS: readonly string[] = [...FIELDS, 'role'];

/** Invite teammate (docs/product.md#organiser-side): the teammate is mailed a code and a link to set their password. */
export default function InvitePage() {
  useTitle('Invite a teammate');
  const navigate = useNavigate();
  const invite = useInviteTeammate();
  const [busy, run] = useSingleFlight();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<InviteWithRoleBody>({
    resolver: zodResolver(inviteWithRoleBodySchema),
    defaultValues: { first_name: '', last_name: '', email_address: '', msisdn: '', role: 'checkin' },
  });
  useAlertClearsWhenValid(Object.keys(errors).length === 0);

  const onValid = (body: InviteWithRoleBody) =>
    run(async () => {
      try {
        showAlert('success', await invite.mutateAsync(body));
        void navigate(routes.myTeam);
      } catch (err) {
        showAlert('danger', errorMessage(err));
        applyServerFieldErrors(err, setError, (name) => SERVER_FIELDS.includes(name));
      }
    });
  const onInvalid = () =>
    showFormAlert(anyBlank(getValues(), FIELDS) ? 'All fields are required' : 'Check the highlighted fields');

  return (
    <div className="mx-auto max-w-2xl">
      <Link
        to={routes.myTeam}
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Team access
      </Link>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Invite a teammate</h1>
      <p className="mt-1 text-slate-600">
        They get an email with a code to set their password. Choose what they may do: everything you do, or only check
        tickets in at the door.
      </p>
      <form
        onSubmit={handleSubmit(onValid, onInvalid)}
        noValidate
        className="mt-8 space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First Name"
            autoComplete="off"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label="Last Name"
            autoComplete="off"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            error={errors.email_address?.message}
            {...register('email_address')}
          />
          <TextField
            label="Phone No"
            type="tel"
            autoComplete="off"
            error={errors.msisdn?.message}
            {...register('msisdn')}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Role</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {INVITE_ROLES.map((role) => (
              <label
                key={role}
                className="flex cursor-pointer gap-3 rounded-xl border border-slate-300 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/30"
              >
                <input type="radio" value={role} className="mt-1 h-4 w-4 accent-brand-700" {...register('role')} />
                <span>
                  <span className="block font-semibold text-ink">{ROLE_LABELS[role]}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{ROLE_HINTS[role]}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.role?.message && (
            <p className="mt-1.5 text-sm text-red-600" role="alert">
              {errors.role.message}
            </p>
          )}
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" busy={busy} busyText="Inviting...">
            Send Invite
          </Button>
        </div>
      </form>
    </div>
  );
}
