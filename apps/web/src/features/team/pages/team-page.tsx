import { UserPlus } from 'lucide-react';
import { formatPhone, type Teammate } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { ButtonLink } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { SettingsTabs } from '../../accounts';
import { useTeam } from '../api/list-team';

const fullName = (t: Teammate) => `${t.first_name} ${t.last_name}`.trim();
const lastLogin = (iso: string) => `${formatDay(iso)} · ${formatTime(iso)}`;

/** A table on wide screens, a list of cards on phones. */
function TeamTable({ people, withLastLogin }: { people: Teammate[]; withLastLogin: boolean }) {
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
              {withLastLogin && (
                <th scope="col" className="px-5 py-3 font-medium">
                  Last Login
                </th>
              )}
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
                <td className="break-all px-5 py-3 text-slate-700">{p.email_address}</td>
                <td className="px-5 py-3 text-slate-700">{p.msisdn ? formatPhone(p.msisdn) : '—'}</td>
                {withLastLogin && (
                  <td className="px-5 py-3 text-slate-700">{p.last_login_date ? lastLogin(p.last_login_date) : '—'}</td>
                )}
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
                <dd className="min-w-0 break-all">{p.email_address}</dd>
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
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Team access (docs/product.md#organiser-side): teammates who have signed in at least once, and pending invites
 * (no last_login_date yet, docs/product.md#entities-and-fields).
 */
export default function TeamPage() {
  useTitle('Team access');
  const team = useTeam();
  const teammates = team.data?.filter((t) => t.last_login_date) ?? [];
  const invites = team.data?.filter((t) => !t.last_login_date) ?? [];
  const invite = (
    <ButtonLink to={routes.myTeamInvite} variant="accent">
      <UserPlus className="h-4 w-4" aria-hidden />
      Invite Teammate
    </ButtonLink>
  );

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
          <p className="mt-1 text-slate-600">Who can manage your events, tickets and orders.</p>
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
                <TeamTable people={teammates} withLastLogin />
              ) : (
                <EmptyState title="No teammates yet" action={invite}>
                  Invited people show here once they have set their password and signed in.
                </EmptyState>
              )}
            </TabsContent>
            <TabsContent value="invites">
              {invites.length ? (
                <TeamTable people={invites} withLastLogin={false} />
              ) : (
                <EmptyState title="No pending invites" action={invite}>
                  Invite a colleague to help you run your events.
                </EmptyState>
              )}
            </TabsContent>
          </Tabs>
        )}
      </div>
    </div>
  );
}
