import { useState, type ReactNode } from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Plus, X } from 'lucide-react';
import { TICKET_STATUS, ticketRowFormSchema, type TicketType, type UpdateTicketsBody } from '@tikiti/contract';
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
}

const formSchema = z.object({ tickets: z.array(ticketRowFormSchema) });
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
});

export const ticketRowOf = (t: TicketType): TicketRow => ({
  id: t.id,
  name: t.name,
  price_per_ticket: t.price_per_ticket.toFixed(2),
  no_of_persons: String(t.no_of_persons),
  max_tickets: String(t.max_tickets),
  status: t.status,
  sold: t.tickets_bought,
});

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
          (name) => /^tickets\.\d+\.(name|price_per_ticket|no_of_persons|max_tickets)$/.test(name),
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
