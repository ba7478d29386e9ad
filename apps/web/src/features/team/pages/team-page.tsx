import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { formatPhone, TEAMMATE_ROLES, type Teammate, type TeammateRole } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmailText } from '../../../components/ui/email-text';
import { Loading } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { formatDay, formatTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { SettingsTabs, useOrganiserMe } from '../../accounts';
import { useTeam } from '../api/list-team';
import { useChangeRole, useRemoveTeammate, useResendInvite } from '../api/manage-team';
import { ROLE_LABELS } from '../roles';

const fullName = (t: Teammate) => `${t.first_name} ${t.last_name}`.trim();
const lastLogin = (iso: string) => `${formatDay(iso)} · ${formatTime(iso)}`;

type Pending = { kind: 'revoke' | 'remove'; person: Teammate } | null;

interface RowActions {
  /** The signed-in organiser's own id: their own row has no actions. */
  selfId: number | null;
  changingId: number | null;
  resendingId: number | null;
  onRole(person: Teammate, role: TeammateRole): void;
  onResend(person: Teammate): void;
  onAsk(pending: NonNullable<Pending>): void;
}

const manageable = (p: Teammate, selfId: number | null) => p.role !== 'owner' && p.id !== selfId;

function RoleCell({ person, actions }: { person: Teammate; actions: RowActions }) {
  if (!manageable(person, actions.selfId)) {
    return (
      <span className="text-slate-700">
        {ROLE_LABELS[person.role]}
        {person.id === actions.selfId && <span className="ml-1 text-slate-500">(you)</span>}
      </span>
    );
  }
  return (
    <select
      aria-label={`Role of ${fullName(person)}`}
      value={person.role}
      disabled={actions.changingId === person.id}
      onChange={(e) => actions.onRole(person, e.target.value as TeammateRole)}
      className="h-9 rounded-lg border border-slate-300 bg-white px-2 pr-8 text-sm text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:opacity-60"
    >
      {TEAMMATE_ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}

function ActionsCell({ person, pending, actions }: { person: Teammate; pending: boolean; actions: RowActions }) {
  if (!manageable(person, actions.selfId)) return null;
  const name = fullName(person);
  return (
    <div className="flex flex-wrap justify-end gap-2 md:flex-nowrap">
      {pending && (
        <Button
          size="sm"
          variant="secondary"
          busy={actions.resendingId === person.id}
          busyText="Sending..."
          aria-label={`Resend invitation to ${name}`}
          onClick={() => actions.onResend(person)}
        >
          Resend invitation
        </Button>
      )}
      <Button
        size="sm"
        variant="secondary"
        className="text-red-700 hover:bg-red-50"
        aria-label={`${pending ? 'Revoke the invitation of' : 'Remove'} ${name}`}
        onClick={() => actions.onAsk({ kind: pending ? 'revoke' : 'remove', person })}
      >
        {pending ? 'Revoke' : 'Remove'}
      </Button>
    </div>
  );
}

/** A table on wide screens, a list of cards on phones. */
function TeamTable({ people, pending, actions }: { people: Teammate[]; pending: boolean; actions: RowActions }) {
  const withLastLogin = !pending;
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-surface text-slate-500">
            <tr>
              <th scope="col" className="px-5 py-3 font-medium">
                Name
              </th>
              <th scope="col" className="px-5 py-3 font-medium">
                Email
              </th>
              <th scope="col" className="px-5 py-3 font-medium">
                Phone
              </th>
              <th scope="col" className="px-5 py-3 font-medium">
                Role
              </th>
              {withLastLogin && (
                <th scope="col" className="px-5 py-3 font-medium">
                  Last Login
                </th>
              )}
              <th scope="col" className="px-5 py-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {people.map((p) => (
              <tr key={p.id}>
                <td className="px-5 py-3 font-medium text-ink">
                  {fullName(p)}
                  {p.role === 'owner' && (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                      Owner
                    </span>
                  )}
                </td>
                <td className="px-5 py-3 text-slate-700">
                  <EmailText email={p.email_address} />
                </td>
                <td className="whitespace-nowrap px-5 py-3 text-slate-700">{p.msisdn ? formatPhone(p.msisdn) : '—'}</td>
                <td className="px-5 py-3">
                  <RoleCell person={p} actions={actions} />
                </td>
                {withLastLogin && (
                  <td className="px-5 py-3 text-slate-700">{p.last_login_date ? lastLogin(p.last_login_date) : '—'}</td>
                )}
                <td className="whitespace-nowrap px-5 py-3">
                  <ActionsCell person={p} pending={pending} actions={actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden">
        {people.map((p) => (
          <li key={p.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="font-semibold text-ink">
              {fullName(p)}
              {p.role === 'owner' && (
                <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                  Owner
                </span>
              )}
            </p>
            <dl className="mt-2 space-y-1 text-sm">
              <div className="flex gap-2">
                <dt className="w-20 shrink-0 text-slate-500">Email</dt>
                <dd className="min-w-0">
                  <EmailText email={p.email_address} />
                </dd>
              </div>
              <div className="flex gap-2">
                <dt className="w-20 shrink-0 text-slate-500">Phone</dt>
                <dd>{p.msisdn ? formatPhone(p.msisdn) : '—'}</dd>
              </div>
              {withLastLogin && (
                <div className="flex gap-2">
                  <dt className="w-20 shrink-0 text-slate-500">Last Login</dt>
                  <dd>{p.last_login_date ? lastLogin(p.last_login_date) : '—'}</dd>
                </div>
              )}
              <div className="flex items-center gap-2">
                <dt className="w-20 shrink-0 text-slate-500">Role</dt>
                <dd>
                  <RoleCell person={p} actions={actions} />
                </dd>
              </div>
            </dl>
            {manageable(p, actions.selfId) && (
              <div className="mt-3 border-t border-slate-100 pt-3">
                <ActionsCell person={p} pending={pending} actions={actions} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Team access (docs/product.md#organiser-side): teammates who have signed in at least once, and
 * pending invites (no last_login_date yet, docs/product.md#entities-and-fields). Each teammate's
 * role can be changed (admin, or check-in only); pending invites can be resent or revoked, and
 * teammates removed after a confirmation. The owner and the signed-in organiser's own row have
 * no actions.
 */
export default function TeamPage() {
  useTitle('Team access');
  const team = useTeam();
  const me = useOrganiserMe();
  const changeRole = useChangeRole();
  const resend = useResendInvite();
  const remove = useRemoveTeammate();
  const [asked, setAsked] = useState<Pending>(null);
  const teammates = team.data?.filter((t) => t.last_login_date) ?? [];
  const invites = team.data?.filter((t) => !t.last_login_date) ?? [];
  const invite = (
    <ButtonLink to={routes.myTeamInvite} variant="accent">
      <UserPlus className="h-4 w-4" aria-hidden />
      Invite Teammate
    </ButtonLink>
  );

  const report = async (work: Promise<string>) => {
    try {
      showAlert('success', await work);
    } catch (err) {
      showAlert('danger', errorMessage(err));
    }
  };

  const actions: RowActions = {
    selfId: me.data?.id ?? null,
    changingId: changeRole.isPending ? (changeRole.variables?.id ?? null) : null,
    resendingId: resend.isPending ? (resend.variables ?? null) : null,
    onRole: (person, role) => void report(changeRole.mutateAsync({ id: person.id, role })),
    onResend: (person) => void report(resend.mutateAsync(person.id)),
    onAsk: setAsked,
  };

  const confirmRemoval = async () => {
    if (!asked) return;
    await report(remove.mutateAsync(asked.person.id));
    setAsked(null);
  };

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
          <p className="mt-1 text-slate-600">
            Who can manage your events, tickets and orders, and who checks tickets in.
          </p>
        </div>
        {invite}
      </div>
      <div className="mt-6">
        <SettingsTabs />
        {team.isPending ? (
          <Loading />
        ) : team.isError ? (
          <ErrorState message={errorMessage(team.error)} onRetry={() => void team.refetch()} />
        ) : (
          <Tabs defaultValue="teammates">
            <TabsList aria-label="Team">
              <TabsTrigger value="teammates">Teammates ({teammates.length})</TabsTrigger>
              <TabsTrigger value="invites">Invites ({invites.length})</TabsTrigger>
            </TabsList>
            <TabsContent value="teammates">
              {teammates.length ? (
                <TeamTable people={teammates} pending={false} actions={actions} />
              ) : (
                <EmptyState title="No teammates yet" action={invite}>
                  Invited people show here once they have set their password and signed in.
                </EmptyState>
              )}
            </TabsContent>
            <TabsContent value="invites">
              {invites.length ? (
                <TeamTable people={invites} pending actions={actions} />
              ) : (
                <EmptyState title="No pending invites" action={invite}>
                  Invite a colleague to help you run your events, or to check tickets in at the door.
                </EmptyState>
              )}
            </TabsContent>
          </Tabs>
        )}
      </div>
      <ConfirmDialog
        open={asked !== null}
        title={
          asked?.kind === 'revoke'
            ? `Revoke the invitation of ${asked ? fullName(asked.person) : ''}?`
            : `Remove ${asked ? fullName(asked.person) : ''} from the team?`
        }
        confirmLabel={asked?.kind === 'revoke' ? 'Revoke invitation' : 'Remove teammate'}
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmRemoval()}
        onCancel={() => setAsked(null)}
      >
        {asked?.kind === 'revoke' ? (
          <p>The code in their invitation stops working. You can invite them again later.</p>
        ) : (
          <p>
            They are signed out at once and can no longer open your events. Sales, tickets and check-ins they made stay
            as they are.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
