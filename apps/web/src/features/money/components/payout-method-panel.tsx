import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { ShieldAlert } from 'lucide-react';
import {
  PAYOUT_RULES,
  putPayoutMethodBodySchema,
  type PayoutMethodState,
  type PayoutMethodType,
  type PutPayoutMethodBody,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { serverFieldErrors } from '../../../lib/form-errors';
import { formatDay, formatTime } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useSetPayoutMethod } from '../api/money';

const TYPES: { value: PayoutMethodType; label: string; hint: string }[] = [
  { value: 'mpesa_b2c', label: 'M-Pesa phone', hint: 'Paid to a Safaricom number. Shillings only.' },
  { value: 'mpesa_b2b', label: 'M-Pesa paybill or till', hint: 'Paid to your business number. Shillings only.' },
  { value: 'bank', label: 'Bank account', hint: 'Paid by bank transfer, in shillings or dollars.' },
];

/** What the form holds, whatever the type: values typed for another type stay if the owner switches back. */
export interface MethodDraft {
  type: PayoutMethodType;
  msisdn: string;
  shortcode: string;
  account: string;
  bank: string;
  branch: string;
  account_name: string;
  account_number: string;
  password: string;
}
const EMPTY: MethodDraft = {
  type: 'mpesa_b2c',
  msisdn: '',
  shortcode: '',
  account: '',
  bank: '',
  branch: '',
  account_name: '',
  account_number: '',
  password: '',
};

/** The body of PUT v1/client/payout-method for the chosen type: only that type's fields. */
export function methodBody(d: MethodDraft): PutPayoutMethodBody {
  switch (d.type) {
    case 'mpesa_b2c':
      return { type: d.type, msisdn: d.msisdn, password: d.password };
    case 'mpesa_b2b':
      return { type: d.type, shortcode: d.shortcode, account: d.account, password: d.password };
    case 'bank':
      return {
        type: d.type,
        bank: d.bank,
        branch: d.branch,
        account_name: d.account_name,
        account_number: d.account_number,
        password: d.password,
      };
  }
}

/** The contract's checks of the body, as one message per field (the first). */
export function methodErrors(d: MethodDraft): Record<string, string> {
  const parsed = putPayoutMethodBodySchema.safeParse(methodBody(d));
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

const heldLine = (until: string) =>
  `Payouts wait until ${formatDay(until)}, ${formatTime(until)}: the payout method changed less than ${PAYOUT_RULES.methodHoldHours} hours ago.`;

/**
 * The payout method (docs/product.md#payouts): where the money goes, seen by the owner and
 * admins; only the owner sets or changes it, typing the password again. A change mails every
 * owner and holds payouts for 48 hours, which the panel says before and after.
 */
export function PayoutMethodPanel({ state, isOwner }: { state: PayoutMethodState; isOwner: boolean }) {
  const [editing, setEditing] = useState(false);
  const { method, held_until } = state;
  const held = held_until && new Date(held_until).getTime() > Date.now() ? held_until : null;
  return (
    <Panel title="Payout method" intro="Where Tikiti sends your money.">
      {method ? (
        <div className="mt-4 rounded-xl border border-slate-200 bg-surface px-4 py-3">
          <p className="font-semibold text-ink" data-testid="payout-method">
            {method.label}
          </p>
          {method.type === 'bank' && method.account_name && (
            <p className="text-sm text-slate-600">In the name of {method.account_name}</p>
          )}
          <p className="text-xs text-slate-500">
            Set by {method.set_by} on {formatDay(method.set_at)}, {formatTime(method.set_at)}
          </p>
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          No payout method yet. {isOwner ? 'Set one to be paid.' : 'Your organisation’s owner sets it.'}
        </p>
      )}
      {held && (
        <p className="mt-3 flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{heldLine(held)} This protects your money if someone else got into your account.</span>
        </p>
      )}
      {isOwner ? (
        editing || !method ? (
          <MethodForm onDone={() => setEditing(false)} onCancel={method ? () => setEditing(false) : undefined} />
        ) : (
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => setEditing(true)}>
            Change payout method
          </Button>
        )
      ) : (
        method && <p className="mt-3 text-sm text-slate-600">Only your organisation’s owner can change it.</p>
      )}
    </Panel>
  );
}

function MethodForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const [draft, setDraft] = useState<MethodDraft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [needsTwoFactor, setNeedsTwoFactor] = useState(false);
  const save = useSetPayoutMethod();

  const change = (field: keyof MethodDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const field = (name: Exclude<keyof MethodDraft, 'type'>) => ({
    value: draft[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNeedsTwoFactor(false);
    const found = methodErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync(methodBody(draft));
      showAlert('success', saved.message || 'Payout method saved');
      setDraft(EMPTY);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'auth.totp_required') {
        setNeedsTwoFactor(true);
        return;
      }
      const byField = serverFieldErrors(err);
      setErrors(byField);
      if (Object.keys(byField).length === 0) showAlert('danger', errorMessage(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-5 space-y-5" aria-label="Payout method">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Pay me by</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {TYPES.map((t) => (
            <label
              key={t.value}
              className={clsx(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-3',
                draft.type === t.value ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-surface',
              )}
            >
              <input
                type="radio"
                name="payout-type"
                value={t.value}
                checked={draft.type === t.value}
                onChange={() => change('type', t.value)}
                className="mt-1 accent-brand-700"
              />
              <span>
                <span className="block font-semibold text-ink">{t.label}</span>
                <span className="block text-xs text-slate-600">{t.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {draft.type === 'mpesa_b2c' && (
        <TextField
          label="M-Pesa phone number"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          className="max-w-sm"
          {...field('msisdn')}
        />
      )}
      {draft.type === 'mpesa_b2b' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Paybill or till number" inputMode="numeric" {...field('shortcode')} />
          <TextField
            label="Account number (paybill only)"
            hint="Leave blank for a till (Buy Goods)."
            {...field('account')}
          />
        </div>
      )}
      {draft.type === 'bank' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Bank" placeholder="e.g. KCB" {...field('bank')} />
          <TextField label="Branch" placeholder="e.g. Moi Avenue" {...field('branch')} />
          <TextField label="Account name" autoComplete="off" {...field('account_name')} />
          <TextField label="Account number" inputMode="numeric" autoComplete="off" {...field('account_number')} />
        </div>
      )}
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        hint="To be sure it is you."
        className="max-w-sm"
        {...field('password')}
      />
      <p className="flex gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
        <span>
          Saving mails every owner and holds payouts for {PAYOUT_RULES.methodHoldHours} hours, so a stolen session
          cannot send your money elsewhere.
        </span>
      </p>
      {needsTwoFactor && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          Turn on two-factor sign-in first: money only moves for accounts that have it.{' '}
          <Link to={routes.mySecurity} className="font-semibold underline">
            Settings, Security
          </Link>
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" busy={save.isPending} busyText="Saving...">
          Save payout method
        </Button>
      </div>
    </form>
  );
}
