import { useState, type FormEvent } from 'react';
import clsx from 'clsx';
import { Search } from 'lucide-react';
import {
  CURRENCIES,
  type Currency,
  type OperatorOrganisation,
  type OperatorOrganisationDetail,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { Panel } from '../../../components/ui/panel';
import { Loading } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { serverFieldErrors } from '../../../lib/form-errors';
import { formatDay, formatMoney } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import {
  OPERATOR_PAGE_SIZE,
  useOrganisation,
  useOrganisations,
  useSetFees,
  useSuspendOrganisation,
  useUnsuspendOrganisation,
  useVerifyOrganisation,
  type OrganisationFilters,
} from '../api/operator';
import { ReasonDialog } from '../components/reason-dialog';
import { Tag } from '../components/status-badge';

const FEE = /^\d{1,5}(?:\.\d{1,2})?$/;

/** Typed fees to the body: blank follows the default; one message per field. */
export function feesOf(typed: { percent: string } & Record<Currency, string>) {
  const errors: Record<string, string> = {};
  const read = (name: string, text: string, max: number) => {
    const t = text.trim();
    if (t === '') return null;
    if (!FEE.test(t) || Number(t) > max) {
      errors[name] = `A number from 0 to ${max}, at most two decimals; blank for the default`;
      return null;
    }
    return Number(t);
  };
  const body = {
    percent: read('percent', typed.percent, 30),
    fixed: { KES: read('KES', typed.KES, 10_000), USD: read('USD', typed.USD, 10_000) },
  };
  return { body, errors };
}

function FeesForm({ org }: { org: OperatorOrganisationDetail }) {
  const [typed, setTyped] = useState(() => ({
    percent: org.fees.percent?.toString() ?? '',
    KES: org.fees.fixed.KES?.toString() ?? '',
    USD: org.fees.fixed.USD?.toString() ?? '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSetFees();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { body, errors: found } = feesOf(typed);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({ id: org.id, body });
      showAlert('success', `Fees of ${org.display_name} saved`);
    } catch (err) {
      const fields = serverFieldErrors(err);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split('.').at(-1)!, v])));
      if (!Object.keys(fields).length) showAlert('danger', errorMessage(err));
    }
  };
  const field = (name: 'percent' | Currency) => ({
    value: typed[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setTyped((t) => ({ ...t, [name]: e.target.value })),
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Fees" className="space-y-3">
      <h3 className="font-semibold">Service fee</h3>
      <p className="text-sm text-slate-600">Blank follows the platform’s default. VAT of 16 % is added to the fee.</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Percent" inputMode="decimal" {...field('percent')} />
        {CURRENCIES.map((c) => (
          <TextField key={c} label={`Fixed per ticket (${c})`} inputMode="decimal" {...field(c)} />
        ))}
      </div>
      <Button type="submit" size="sm" busy={save.isPending} busyText="Saving…">
        Save fees
      </Button>
    </form>
  );
}

function OrganisationDetail({ id }: { id: number }) {
  const org = useOrganisation(id);
  const verify = useVerifyOrganisation();
  const unsuspend = useUnsuspendOrganisation();
  const suspend = useSuspendOrganisation();
  const [suspending, setSuspending] = useState(false);
  if (org.isPending) return <Loading />;
  if (org.isError) return <ErrorState message={errorMessage(org.error)} onRetry={() => void org.refetch()} />;
  const o = org.data;
  const act = (p: Promise<unknown>, message: string) =>
    p.then(
      () => showAlert('success', message),
      (err: unknown) => showAlert('danger', errorMessage(err)),
    );
  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-xl font-bold">{o.display_name}</h2>
        <p className="text-sm text-slate-600">
          No. {o.id} · {o.organization_name} · {o.email} · {o.msisdn}
        </p>
        <p className="text-sm text-slate-600">Owners: {o.owners.map((w) => `${w.name} (${w.email})`).join(', ')}</p>
        {o.suspended_at && (
          <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            Suspended {formatDay(o.suspended_at)}: {o.suspension_reason}. Its events do not sell; its money stays.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={o.verified_at ? 'secondary' : 'primary'}
          busy={verify.isPending}
          onClick={() =>
            void act(
              verify.mutateAsync({ id: o.id, verified: !o.verified_at }),
              o.verified_at ? 'No longer verified' : 'Verified',
            )
          }
        >
          {o.verified_at ? 'Remove verification' : 'Verify'}
        </Button>
        {o.suspended_at ? (
          <Button
            size="sm"
            variant="secondary"
            busy={unsuspend.isPending}
            onClick={() => void act(unsuspend.mutateAsync({ id: o.id }), 'Suspension lifted')}
          >
            Lift suspension
          </Button>
        ) : (
          <Button size="sm" variant="danger" onClick={() => setSuspending(true)}>
            Suspend
          </Button>
        )}
      </div>
      <div>
        <h3 className="font-semibold">Balances</h3>
        {o.balances.length === 0 ? (
          <p className="text-sm text-slate-600">No money yet.</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {o.balances.map((b) => (
              <li key={b.currency} className="tabular-nums">
                <span className="font-semibold">{b.currency}</span> available{' '}
                <span className={clsx(b.available < 0 && 'font-semibold text-red-700')}>
                  {formatMoney(b.available, b.currency)}
                </span>{' '}
                · pending {formatMoney(b.pending, b.currency)} · paid out {formatMoney(b.paid_out, b.currency)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-semibold">Payout method</h3>
        <p className="text-sm text-slate-600">
          {o.payout_method
            ? `${o.payout_method.label}, set ${formatDay(o.payout_method.set_at)} by ${o.payout_method.set_by}`
            : 'None yet.'}
          {o.payout_method_held_until && ` Held until ${formatDay(o.payout_method_held_until)}.`}
        </p>
      </div>
      <FeesForm key={o.id} org={o} />
      <ReasonDialog
        open={suspending}
        title={`Suspend ${o.display_name}?`}
        label="Reason"
        confirmLabel="Suspend"
        danger
        onCancel={() => setSuspending(false)}
        onConfirm={async (reason) => {
          await suspend.mutateAsync({ id: o.id, body: { reason } });
          setSuspending(false);
          showAlert('success', `${o.display_name} suspended`);
        }}
      >
        <p>Its events stop selling at once and leave the listings. Its money stays, and payouts still work.</p>
      </ReasonDialog>
    </div>
  );
}

function OrganisationRow({
  org,
  chosen,
  onChoose,
}: {
  org: OperatorOrganisation;
  chosen: boolean;
  onChoose: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onChoose}
        aria-current={chosen || undefined}
        className={clsx(
          'flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-surface',
          chosen && 'bg-brand-50 hover:bg-brand-50',
        )}
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink">{org.display_name}</span>
          {org.verified_at ? <Tag tone="green">Verified</Tag> : <Tag>Not verified</Tag>}
          {org.suspended_at && <Tag tone="red">Suspended</Tag>}
        </span>
        <span className="text-sm text-slate-600">
          No. {org.id} · {org.email} · since {formatDay(org.created_at)}
        </span>
      </button>
    </li>
  );
}

/** Organisations (docs/product.md#the-operator): search, verify, suspend, fees per organisation. */
export default function OperatorOrganisationsPage() {
  useTitle('Organisations · Operator');
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState<OrganisationFilters>({ q: '', state: '' });
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const list = useOrganisations(filters, page);

  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError && !list.data) {
    body = <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  } else if (list.data && list.data.total === 0) {
    body = <EmptyState title="No organisation matches">Try another name, email or phone.</EmptyState>;
  } else if (list.data) {
    body = (
      <>
        <ul
          aria-label="Organisations"
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {list.data.data.map((o) => (
            <OrganisationRow key={o.id} org={o} chosen={o.id === chosen} onChoose={() => setChosen(o.id)} />
          ))}
        </ul>
        <Pager page={page} total={list.data.total} noun="organisation" onPage={setPage} pageSize={OPERATOR_PAGE_SIZE} />
      </>
    );
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Organisations</h1>
      <form
        className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters((f) => ({ ...f, q: typed }));
          setPage(1);
        }}
        aria-label="Search organisations"
      >
        <TextField
          label="Search"
          placeholder="Name, email, phone or an owner’s email"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <SelectField
          label="State"
          value={filters.state}
          onChange={(e) => {
            setFilters((f) => ({ ...f, state: e.target.value as OrganisationFilters['state'] }));
            setPage(1);
          }}
        >
          <option value="">All</option>
          <option value="verified">Verified</option>
          <option value="unverified">Not verified</option>
          <option value="suspended">Suspended</option>
        </SelectField>
        <Button type="submit">
          <Search className="h-4 w-4" aria-hidden />
          Search
        </Button>
      </form>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <div>{body}</div>
        <Panel title="Organisation">
          <div className="mt-4">
            {chosen === null ? (
              <p className="text-sm text-slate-600">Choose an organisation to see its money, payout method and fees.</p>
            ) : (
              <OrganisationDetail id={chosen} />
            )}
          </div>
        </Panel>
      </div>
    </div>
  );
}
