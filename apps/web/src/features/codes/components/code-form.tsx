import { useState, type FormEvent } from 'react';
import clsx from 'clsx';
import {
  codeBodySchema,
  CODE_LIMITS,
  fromNairobiLocal,
  isWholeUnitCurrency,
  toNairobiLocal,
  type CodeBody,
  type CodeKind,
  type DiscountCode,
  type TicketType,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';

type Off = 'percent' | 'amount' | 'none';

/** The form as typed: inputs give text, `bodyOf` turns it into the call's body. */
export interface CodeDraft {
  code: string;
  kind: CodeKind;
  off: Off;
  percent_off: string;
  amount_off: string;
  ticket_type_ids: number[];
  max_uses: string;
  max_per_booking: string;
  /** `datetime-local` values, Nairobi time. */
  starts_at: string;
  ends_at: string;
}

export type CodeField =
  | 'code'
  | 'kind'
  | 'percent_off'
  | 'amount_off'
  | 'ticket_type_ids'
  | 'max_uses'
  | 'max_per_booking'
  | 'starts_at'
  | 'ends_at';
const FIELDS: readonly CodeField[] = [
  'code',
  'kind',
  'percent_off',
  'amount_off',
  'ticket_type_ids',
  'max_uses',
  'max_per_booking',
  'starts_at',
  'ends_at',
];

export const NEW_CODE: CodeDraft = {
  code: '',
  kind: 'discount',
  off: 'percent',
  percent_off: '',
  amount_off: '',
  ticket_type_ids: [],
  max_uses: '',
  max_per_booking: '',
  starts_at: '',
  ends_at: '',
};

export const draftOf = (c: DiscountCode): CodeDraft => ({
  code: c.code,
  kind: c.kind,
  off: c.percent_off !== null ? 'percent' : c.amount_off !== null ? 'amount' : 'none',
  percent_off: c.percent_off === null ? '' : String(c.percent_off),
  amount_off: c.amount_off === null ? '' : String(c.amount_off),
  ticket_type_ids: c.ticket_type_ids,
  max_uses: c.max_uses === null ? '' : String(c.max_uses),
  max_per_booking: c.max_per_booking === null ? '' : String(c.max_per_booking),
  starts_at: c.starts_at ? toNairobiLocal(c.starts_at) : '',
  ends_at: c.ends_at ? toNairobiLocal(c.ends_at) : '',
});

/** Typed text as the schema reads it: blank is none, a number is a number, anything else stays text (so the schema says what is wrong). */
const numberOrNull = (text: string): unknown => {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
};
const instantOrNull = (local: string): string | null => (local ? fromNairobiLocal(local).toISOString() : null);

/**
 * The code form's checks (docs/product.md#discount-codes), the contract's own schema on the typed
 * text: the body to send, or an error per field. A discount needs a percent or an amount off; an
 * access code may carry one.
 */
export function checkCode(draft: CodeDraft): { body: CodeBody } | { errors: Partial<Record<CodeField, string>> } {
  const parsed = codeBodySchema.safeParse({
    code: draft.code,
    kind: draft.kind,
    percent_off: draft.off === 'percent' ? numberOrNull(draft.percent_off) : null,
    amount_off: draft.off === 'amount' ? numberOrNull(draft.amount_off) : null,
    ticket_type_ids: draft.ticket_type_ids,
    max_uses: numberOrNull(draft.max_uses),
    max_per_booking: numberOrNull(draft.max_per_booking),
    starts_at: instantOrNull(draft.starts_at),
    ends_at: instantOrNull(draft.ends_at),
  });
  if (parsed.success) return { body: parsed.data };
  const errors: Partial<Record<CodeField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CodeField;
    if (!FIELDS.includes(field)) continue;
    // A number field given text: say what it needs, not zod's words.
    errors[field] ??= issue.code === 'invalid_type' ? 'Enter a number' : issue.message;
  }
  // A discount with neither: the error shows on the amount the organiser chose to give.
  if (draft.off === 'amount' && errors.percent_off && !errors.amount_off) {
    errors.amount_off = errors.percent_off;
    delete errors.percent_off;
  }
  return { errors };
}

const radio = (on: boolean) =>
  clsx(
    'flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm',
    on ? 'border-brand-600 bg-brand-50/60 ring-1 ring-brand-600' : 'border-slate-200 bg-white hover:border-slate-300',
  );

/**
 * A code created or changed (docs/product.md#discount-codes): the text buyers type, discount or
 * access, percent or amount off, the ticket types it applies to (or reveals, for access), the
 * most uses and per booking, and when it works. Checked with the contract's schema before it is
 * sent; the server's refusals (a code already used for this event) land beside the same fields.
 */
export function CodeForm({
  initial,
  tickets,
  currency,
  saving,
  onSave,
  onCancel,
}: {
  initial: CodeDraft;
  tickets: TicketType[];
  currency: string;
  saving: boolean;
  /** Sends the body; throws the server's refusal. */
  onSave: (body: CodeBody) => Promise<void>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<CodeField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof CodeDraft>(key: K, value: CodeDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({
      ...e,
      [key]: undefined,
      ...(key === 'off' ? { percent_off: undefined, amount_off: undefined } : {}),
    }));
    setFormError(null);
  };
  const access = draft.kind === 'access';
  const hiddenTypes = tickets.filter((t) => t.hidden);
  const choices = access ? hiddenTypes : tickets;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkCode(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      await onSave(checked.body);
    } catch (err) {
      const byPath = serverFieldErrors(err);
      const known = Object.fromEntries(FIELDS.filter((f) => byPath[f]).map((f) => [f, byPath[f]]));
      setErrors(known);
      if (Object.keys(known).length === 0) setFormError(errorMessage(err));
    }
  };

  const toggleType = (id: number, on: boolean) =>
    set('ticket_type_ids', on ? [...draft.ticket_type_ids, id] : draft.ticket_type_ids.filter((t) => t !== id));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5" aria-label="Code">
      <TextField
        label="Code buyers type"
        value={draft.code}
        onChange={(e) => set('code', e.target.value)}
        error={errors.code}
        maxLength={CODE_LIMITS.maxLength}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        className="[&_input]:font-mono [&_input]:uppercase"
        placeholder="e.g. EARLYBIRD"
        hint="3 to 30 letters, digits and hyphens; buyers may type it in any case"
      />

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Kind</legend>
        <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
          <label className={radio(!access)}>
            <input
              type="radio"
              name="kind"
              className="mt-0.5 h-4 w-4 accent-brand-700"
              checked={!access}
              onChange={() => {
                set('kind', 'discount');
                if (draft.off === 'none') set('off', 'percent');
                set('ticket_type_ids', []);
              }}
            />
            <span>
              <span className="block font-semibold text-ink">Discount</span>
              <span className="text-slate-600">Lowers the price of the tickets it applies to.</span>
            </span>
          </label>
          <label className={radio(access)}>
            <input
              type="radio"
              name="kind"
              className="mt-0.5 h-4 w-4 accent-brand-700"
              checked={access}
              onChange={() => {
                set('kind', 'access');
                set('ticket_type_ids', []);
              }}
            />
            <span>
              <span className="block font-semibold text-ink">Access</span>
              <span className="text-slate-600">
                Shows hidden tickets (speakers, sponsors); may also take money off.
              </span>
            </span>
          </label>
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Money off</legend>
        <div className="mt-1.5 flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {(['percent', 'amount', ...(access ? (['none'] as const) : [])] as Off[]).map((off) => (
            <label key={off} className="flex items-center gap-2">
              <input
                type="radio"
                name="off"
                className="h-4 w-4 accent-brand-700"
                checked={draft.off === off}
                onChange={() => set('off', off)}
              />
              {off === 'percent' ? 'Percent off' : off === 'amount' ? `Amount off (${currency})` : 'None'}
            </label>
          ))}
        </div>
        {draft.off === 'percent' && (
          <TextField
            className="mt-3 max-w-48"
            label="Percent off each ticket"
            inputMode="numeric"
            value={draft.percent_off}
            onChange={(e) => set('percent_off', e.target.value)}
            error={errors.percent_off}
            hint="1 to 100; 100 makes the tickets free"
          />
        )}
        {draft.off === 'amount' && (
          <TextField
            className="mt-3 max-w-48"
            label={`Amount off each ticket (${currency})`}
            inputMode="decimal"
            value={draft.amount_off}
            onChange={(e) => set('amount_off', e.target.value)}
            error={errors.amount_off}
            hint={
              isWholeUnitCurrency(currency) ? 'Whole shillings; never below a free ticket' : 'Never below a free ticket'
            }
          />
        )}
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">
          {access ? 'Hidden tickets it shows' : 'Tickets it applies to'}
        </legend>
        {choices.length === 0 ? (
          <p className="mt-1.5 text-sm text-slate-600">
            {access
              ? 'This event has no hidden tickets yet: tick Hidden on a ticket under Tickets first.'
              : 'This event has no tickets yet.'}
          </p>
        ) : (
          <>
            <p className="mt-0.5 text-xs text-slate-500">
              {access ? 'None ticked: every hidden ticket.' : 'None ticked: every ticket.'}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {choices.map((t) => {
                const on = draft.ticket_type_ids.includes(t.id);
                return (
                  <label
                    key={t.id}
                    className={clsx(
                      'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                      on ? 'border-brand-600 bg-brand-50/60' : 'border-slate-300 bg-white',
                    )}
                  >
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-700"
                      checked={on}
                      onChange={(e) => toggleType(t.id, e.target.checked)}
                    />
                    {t.name}
                  </label>
                );
              })}
            </div>
          </>
        )}
        {errors.ticket_type_ids && (
          <p className="mt-1.5 text-sm text-red-600" role="alert">
            {errors.ticket_type_ids}
          </p>
        )}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Most uses (optional)"
          inputMode="numeric"
          value={draft.max_uses}
          onChange={(e) => set('max_uses', e.target.value)}
          error={errors.max_uses}
          hint="Tickets it may discount or unlock in all; blank for no limit"
        />
        <TextField
          label="Most per booking (optional)"
          inputMode="numeric"
          value={draft.max_per_booking}
          onChange={(e) => set('max_per_booking', e.target.value)}
          error={errors.max_per_booking}
          hint="Tickets in one booking; blank for the usual limit"
        />
        <TextField
          label="Works from (optional)"
          type="datetime-local"
          value={draft.starts_at}
          onChange={(e) => set('starts_at', e.target.value)}
          error={errors.starts_at}
          hint="Nairobi time; blank: from now"
        />
        <TextField
          label="Works until (optional)"
          type="datetime-local"
          value={draft.ends_at}
          onChange={(e) => set('ends_at', e.target.value)}
          error={errors.ends_at}
          hint="Nairobi time; blank: until the event"
        />
      </div>

      {formError && (
        <p className="text-sm font-medium text-red-700" role="alert">
          {formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" busy={saving} busyText="Saving…">
          Save code
        </Button>
      </div>
    </form>
  );
}
