import { useState, type FormEvent } from 'react';
import { BellRing, CheckCircle2 } from 'lucide-react';
import {
  joinWaitlistBodySchema,
  LIMITS,
  type GuestDetails,
  type TicketType,
  type WaitlistJoined,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { joinWaitlist } from '../api/join-waitlist';

type Field = keyof GuestDetails | 'quantity';
const FIELDS: readonly Field[] = ['full_name', 'email_address', 'msisdn', 'quantity'];
/** What a blank field needs, said beside it (the booking's own words speak of payment). */
const BLANK: Record<Field, string> = {
  full_name: 'Enter your full name',
  email_address: 'Enter your email',
  msisdn: 'Enter your phone number',
  quantity: 'Enter how many',
};

/** "3rd" for 3: the person's place on the list. */
const ordinal = (n: number) => {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/**
 * "Join the waiting list" of a sold-out ticket type (docs/product.md#waiting-list): name, email,
 * phone and how many, up to the per-booking limit. Checked with the contract's own schema before
 * it is sent; every refusal shows beside its field or above the button, and what was typed stays.
 * Loaded when the buyer opens it, so the event page's first JavaScript stays small.
 */
export default function WaitlistForm({
  eventId,
  ticket,
  known,
  onClose,
}: {
  eventId: number;
  ticket: Pick<TicketType, 'id' | 'name'>;
  /** The details the buyer typed or last booked with, to start from. */
  known: GuestDetails;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState({ ...known, quantity: '1' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<WaitlistJoined | null>(null);

  const set = (field: Field, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const quantity = draft.quantity.trim() === '' ? undefined : Number(draft.quantity.trim());
    const parsed = joinWaitlistBodySchema.safeParse({ ...draft, quantity, ticket_type_id: ticket.id });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (!FIELDS.includes(field)) continue;
        const blank = field === 'quantity' ? quantity === undefined : draft[field].trim() === '';
        found[field] ??= blank ? BLANK[field] : issue.message;
      }
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      setJoined(await joinWaitlist(eventId, parsed.data));
    } catch (err) {
      const byPath = serverFieldErrors(err);
      const found = Object.fromEntries(FIELDS.filter((f) => byPath[f]).map((f) => [f, byPath[f]]));
      setErrors(found);
      if (Object.keys(found).length === 0) setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (joined) {
    return (
      <div
        className="mt-3 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-inset ring-emerald-600/20"
        role="status"
      >
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden /> You are on the waiting list
        </p>
        <p className="mt-1">
          You are {ordinal(joined.position)} in line for {joined.quantity} {ticket.name}{' '}
          {joined.quantity === 1 ? 'ticket' : 'tickets'}. When seats come back we hold them for you and mail{' '}
          <span className="font-medium">{draft.email_address.trim()}</span> a link to buy them.
        </p>
      </div>
    );
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      aria-label={`Join the waiting list for ${ticket.name}`}
    >
      <p className="flex items-center gap-2 font-semibold text-ink">
        <BellRing className="h-4 w-4 text-brand-700" aria-hidden /> Join the waiting list
      </p>
      <p className="mt-1 text-sm text-slate-600">
        When {ticket.name} seats come back, the first in line get them held and a mail with a link to buy.
      </p>
      <div className="mt-4 space-y-4">
        <TextField
          label="Full name"
          autoComplete="name"
          maxLength={100}
          value={draft.full_name}
          onChange={(e) => set('full_name', e.target.value)}
          error={errors.full_name}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={draft.email_address}
          onChange={(e) => set('email_address', e.target.value)}
          error={errors.email_address}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={20}
          placeholder="+254 7xx xxx xxx"
          value={draft.msisdn}
          onChange={(e) => set('msisdn', e.target.value)}
          error={errors.msisdn}
        />
        <TextField
          label="How many tickets"
          className="max-w-40"
          type="number"
          inputMode="numeric"
          min={1}
          max={LIMITS.quantityPerLineMax}
          step={1}
          value={draft.quantity}
          onChange={(e) => set('quantity', e.target.value)}
          error={errors.quantity}
          hint={`Up to ${LIMITS.quantityPerLineMax}`}
        />
      </div>
      {formError && (
        <p className="mt-4 text-sm font-medium text-red-700" role="alert">
          {formError}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" busy={busy} busyText="Joining…">
          Join the waiting list
        </Button>
        <button type="button" onClick={onClose} className="text-sm font-semibold text-slate-600 hover:text-ink">
          Not now
        </button>
      </div>
    </form>
  );
}
