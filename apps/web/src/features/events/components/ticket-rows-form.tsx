import { useState, type ReactNode } from 'react';
import {
  useFieldArray,
  useForm,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EyeOff, Plus, Users, X } from 'lucide-react';
import {
  numberFromText,
  TICKET_STATUS,
  TIER_LIMITS,
  tierSchema,
  ticketRowFormSchema,
  type TicketType,
  type UpdateTicketsBody,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { showAlert, showFormAlert, useAlertClearsWhenValid } from '../../../lib/alert';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSingleFlight } from '../../../lib/single-flight';

/** A row as the form holds it: inputs give text, the schema turns it into numbers. */
export interface TicketRow {
  id: number;
  name: string;
  price_per_ticket: string;
  no_of_persons: string;
  max_tickets: string;
  status: number;
  /** Sold so far (saved rows only), shown so nobody sets a capacity below it. */
  sold?: number;
  /** Shown only to buyers with an access code (docs/product.md#hidden-ticket-types). */
  hidden: boolean;
  /** Team prices as typed (docs/product.md#team-pricing). */
  tiers: { min_qty: string; percent_off: string }[];
}

/** A typed number read by the contract's own rule, "Enter a number" when blank or not a number. */
const typedNumber = <T extends z.ZodType<number, number>>(rule: T) =>
  numberFromText(z.number({ error: 'Enter a number' }).pipe(rule));
/** The team prices of a row: the contract's tier rules read from typed text. */
const tierRowsSchema = z
  .array(
    z.object({
      min_qty: typedNumber(tierSchema.shape.min_qty),
      percent_off: typedNumber(tierSchema.shape.percent_off),
    }),
  )
  .max(TIER_LIMITS.perTypeMax, `At most ${TIER_LIMITS.perTypeMax} team prices`)
  .superRefine((tiers, ctx) => {
    const seen = new Set<number>();
    tiers.forEach((t, i) => {
      if (seen.has(t.min_qty)) {
        ctx.addIssue({ code: 'custom', path: [i, 'min_qty'], message: 'Each team price needs its own quantity' });
      }
      seen.add(t.min_qty);
    });
  });
const rowSchema = ticketRowFormSchema.extend({ hidden: z.boolean(), tiers: tierRowsSchema });
const formSchema = z.object({ tickets: z.array(rowSchema) });
type FormInput = { tickets: TicketRow[] };
type FormOutput = z.output<typeof formSchema>;
/** The schema reads the rows' text as numbers; `sold` is display-only and dropped. */
const resolver = zodResolver(formSchema) as unknown as Resolver<FormInput, unknown, FormOutput>;

/** docs/product.md#ticket-type-status: a new ticket starts with id -1, no name, price 0, 1 person, max 0, open. */
export const newTicketRow = (): TicketRow => ({
  id: -1,
  name: '',
  price_per_ticket: '',
  no_of_persons: '1',
  max_tickets: '',
  status: TICKET_STATUS.open,
  hidden: false,
  tiers: [],
});

export const ticketRowOf = (t: TicketType): TicketRow => ({
  id: t.id,
  name: t.name,
  price_per_ticket: t.price_per_ticket.toFixed(2),
  no_of_persons: String(t.no_of_persons),
  max_tickets: String(t.max_tickets),
  status: t.status,
  sold: t.tickets_bought,
  hidden: t.hidden,
  tiers: t.tiers.map((tier) => ({ min_qty: String(tier.min_qty), percent_off: String(tier.percent_off) })),
});

/**
 * A type's team prices (docs/product.md#team-pricing): rows of "from N tickets, X % off", added
 * and removed freely, up to five.
 */
function TierRows({
  index,
  control,
  register,
  errors,
}: {
  index: number;
  control: Control<FormInput, unknown, FormOutput>;
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: `tickets.${index}.tiers` });
  const rowErrors = errors.tickets?.[index]?.tiers;
  return (
    <fieldset className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4">
      <legend className="flex items-center gap-1.5 px-1 text-sm font-semibold text-slate-700">
        <Users className="h-4 w-4" aria-hidden /> Team prices
      </legend>
      {fields.length === 0 ? (
        <p className="text-sm text-slate-600">None: every ticket at its price. Add one to reward larger bookings.</p>
      ) : (
        <ul className="space-y-3">
          {fields.map((field, t) => (
            <li key={field.id} className="flex items-start gap-2" data-testid="tier-row">
              <TextField
                className="flex-1"
                label="From tickets"
                type="number"
                inputMode="numeric"
                min={TIER_LIMITS.minQtyMin}
                step={1}
                placeholder="5"
                error={rowErrors?.[t]?.min_qty?.message}
                {...register(`tickets.${index}.tiers.${t}.min_qty`)}
              />
              <TextField
                className="flex-1"
                label="% off each"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                placeholder="10"
                error={rowErrors?.[t]?.percent_off?.message}
                {...register(`tickets.${index}.tiers.${t}.percent_off`)}
              />
              <button
                type="button"
                onClick={() => remove(t)}
                className="mt-7 rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
                aria-label={`Remove team price ${t + 1}`}
              >
                <X className="h-5 w-5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {rowErrors?.message && (
        <p className="mt-2 text-sm text-red-600" role="alert">
          {rowErrors.message}
        </p>
      )}
      {fields.length < TIER_LIMITS.perTypeMax && (
        <button
          type="button"
          onClick={() => append({ min_qty: '', percent_off: '' })}
          className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          <Plus className="h-4 w-4" aria-hidden /> Add team price
        </button>
      )}
    </fieldset>
  );
}

const FIELDS = ['name', 'price_per_ticket', 'no_of_persons', 'max_tickets'] as const;
/** docs/product.md#validation-rules: every field of every row non-empty and non-zero. */
const rowIncomplete = (r: TicketRow) => FIELDS.some((f) => r[f].trim() === '' || (f !== 'name' && Number(r[f]) === 0));

/**
 * The repeatable ticket rows of create step 3 and the ticket update page (docs/product.md#organiser-side): Name,
 * Price per ticket, No of persons per ticket, Max tickets; '+ Add Ticket'; X removes a row
 * (a saved one is hidden with status 3, a new one is dropped) but never the last one. Removing
 * a saved row, or a new one with something typed in it, asks first; for a type with sales the
 * question says that the sold tickets stay valid (status 3 only stops new sales).
 * `onSave` gets every row, hidden ones included, so server error paths (`2.max_tickets`)
 * point at the same rows as the form.
 */
export function TicketRowsForm({
  initial,
  currency,
  submitLabel,
  onSave,
  actions,
}: {
  initial: TicketRow[];
  currency: string;
  submitLabel: string;
  onSave: (tickets: UpdateTicketsBody) => Promise<void>;
  actions: ReactNode;
}) {
  const [busy, run] = useSingleFlight();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { tickets: initial.length ? initial : [newTicketRow()] },
  });
  useAlertClearsWhenValid(Object.keys(errors).length === 0);
  const { fields, append, remove } = useFieldArray({ control, name: 'tickets' });
  const rows = watch('tickets');
  const visible = rows.filter((r) => r.status !== TICKET_STATUS.deleted).length;

  /** The row waiting for the organiser's yes in the confirm dialog. */
  const [asking, setAsking] = useState<number | null>(null);

  const removeRow = (index: number) => {
    if (visible <= 1) return;
    if (rows[index]!.id === -1) remove(index);
    else setValue(`tickets.${index}.status`, TICKET_STATUS.deleted, { shouldDirty: true });
  };
  const askToRemove = (index: number) => {
    const row = rows[index]!;
    const blank =
      row.id === -1 && row.name.trim() === '' && row.price_per_ticket.trim() === '' && row.max_tickets.trim() === '';
    if (blank) removeRow(index);
    else setAsking(index);
  };
  const askedRow = asking === null ? undefined : rows[asking];
  const askedName = askedRow?.name.trim() || 'this ticket';
  const askedSold = askedRow?.sold ?? 0;

  const onValid = ({ tickets }: FormOutput) =>
    run(async () => {
      showAlert('warning', 'Processing...');
      try {
        await onSave(tickets);
      } catch (err) {
        showAlert('danger', errorMessage(err));
        applyServerFieldErrors(
          err,
          setError,
          (name) =>
            /^tickets\.\d+\.(name|price_per_ticket|no_of_persons|max_tickets|tiers(\.\d+\.(min_qty|percent_off))?)$/.test(
              name,
            ),
          'tickets.',
        );
      }
    });
  const onInvalid = () => {
    const open = getValues('tickets').filter((r) => r.status !== TICKET_STATUS.deleted);
    showFormAlert(open.some(rowIncomplete) ? 'All fields are required' : 'Check the highlighted fields');
  };

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate>
      <ConfirmDialog
        open={askedRow !== undefined}
        title={`Remove “${askedName}”?`}
        confirmLabel="Remove ticket"
        danger
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking !== null) removeRow(asking);
          setAsking(null);
        }}
      >
        {askedSold > 0 ? (
          <p>
            {askedSold} {askedSold === 1 ? 'ticket was' : 'tickets were'} already sold. Removing it stops new sales
            only: the buyers keep their e-tickets and are admitted as before.
          </p>
        ) : (
          <p>It will no longer be on sale. Nothing has been sold of it.</p>
        )}
        {askedRow?.id !== -1 && <p>The change is saved when you press “{submitLabel}”.</p>}
      </ConfirmDialog>
      <ol className="space-y-4">
        {fields.map((field, index) => {
          if (rows[index]?.status === TICKET_STATUS.deleted) return null;
          const e = errors.tickets?.[index];
          const sold = rows[index]?.sold ?? 0;
          return (
            <li
              key={field.id}
              className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
              data-testid="ticket-row"
            >
              <div className="mb-3 flex items-center justify-between gap-3">
                <h3 className="text-sm font-semibold text-slate-700">
                  {rows[index]?.name.trim() || 'New ticket'}
                  {sold > 0 && <span className="ml-2 font-normal text-slate-500">· {sold} sold</span>}
                </h3>
                <button
                  type="button"
                  onClick={() => askToRemove(index)}
                  disabled={visible <= 1}
                  className="rounded-lg p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-slate-500"
                  aria-label={`Remove ${rows[index]?.name.trim() || 'this ticket'}`}
                  title={visible <= 1 ? 'An event needs at least one ticket' : 'Remove ticket'}
                >
                  <X className="h-5 w-5" aria-hidden />
                </button>
              </div>
              <div className="grid grid-cols-2 items-end gap-4 lg:grid-cols-[2fr_1fr_1fr_1fr]">
                <TextField
                  className="col-span-2 lg:col-span-1"
                  label="Name"
                  placeholder="e.g. Early bird"
                  maxLength={100}
                  error={e?.name?.message}
                  {...register(`tickets.${index}.name`)}
                />
                <TextField
                  label={`Price per ticket (${currency})`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  placeholder="0.00"
                  error={e?.price_per_ticket?.message}
                  {...register(`tickets.${index}.price_per_ticket`)}
                />
                <TextField
                  label="No of persons per ticket"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  error={e?.no_of_persons?.message}
                  {...register(`tickets.${index}.no_of_persons`)}
                />
                <TextField
                  label="Max tickets"
                  type="number"
                  inputMode="numeric"
                  min={Math.max(1, sold)}
                  step={1}
                  placeholder="0"
                  error={e?.max_tickets?.message}
                  {...register(`tickets.${index}.max_tickets`)}
                />
              </div>
              <label className="mt-4 flex cursor-pointer items-start gap-3">
                <input
                  type="checkbox"
                  className="mt-1 h-4 w-4 accent-brand-700"
                  {...register(`tickets.${index}.hidden`)}
                />
                <span>
                  <span className="flex items-center gap-1.5 text-sm font-semibold text-ink">
                    <EyeOff className="h-4 w-4" aria-hidden /> Hidden
                  </span>
                  <span className="block text-sm text-slate-600">
                    Only buyers with an access code see it (speakers, sponsors). Create the code under Codes.
                  </span>
                </span>
              </label>
              <TierRows index={index} control={control} register={register} errors={errors} />
            </li>
          );
        })}
      </ol>
      <Button variant="ghost" className="mt-4" onClick={() => append(newTicketRow())}>
        <Plus className="h-4 w-4" aria-hidden />
        Add Ticket
      </Button>
      <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap gap-3">{actions}</div>
        <Button type="submit" size="lg" busy={busy} busyText="Processing...">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
