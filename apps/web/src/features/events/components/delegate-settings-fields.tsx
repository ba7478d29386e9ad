import type { UseFormRegister } from 'react-hook-form';
import clsx from 'clsx';
import { CHANGES_LOCK_HOURS, type AttendeeNames } from '@tikiti/contract';
import { TextField } from '../../../components/ui/field';
import type { DescriptionInput } from './description-fields';

const NAME_RULES: { value: AttendeeNames; label: string; hint: string }[] = [
  {
    value: 'later',
    label: 'Names may come later',
    hint: 'Buyers may leave tickets “to be named” and name their delegates on their E-tickets page.',
  },
  { value: 'at_checkout', label: 'Names at checkout', hint: 'Every ticket is named before it is paid for.' },
];

/** "Changes close 24 hours before the start", from what is typed (the field's own error says what is wrong). */
function lockLine(typed: unknown): string {
  const hours = typeof typed === 'string' && /^\d{1,3}$/.test(typed.trim()) ? Number(typed) : NaN;
  if (!Number.isInteger(hours) || hours > CHANGES_LOCK_HOURS.max) {
    return `${CHANGES_LOCK_HOURS.min} to ${CHANGES_LOCK_HOURS.max} hours.`;
  }
  if (hours === 0) return 'Changes close when the event starts.';
  return `Changes close ${hours} ${hours === 1 ? 'hour' : 'hours'} before the start.`;
}

/**
 * The event's rule for its delegates (docs/product.md#delegates-and-questions): whether every
 * ticket is named at checkout or names may come later, and how many hours before the start
 * buyers can no longer name or change delegates (0–168, 24 by default). On step 2 of the create
 * and edit forms, sent with the multipart form.
 */
export function DelegateSettingsFields({
  register,
  errors,
  chosen,
  lockHours,
}: {
  register: UseFormRegister<DescriptionInput>;
  errors: Partial<Record<'attendee_names' | 'changes_lock_hours', { message?: string }>>;
  chosen: AttendeeNames;
  lockHours: unknown;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold">Delegates</legend>
      <p className="-mt-2 text-sm text-slate-500">
        Every ticket carries its delegate’s name, at the door and on the ticket.
      </p>
      <div role="radiogroup" aria-label="Delegates’ names" className="grid gap-3 sm:grid-cols-2">
        {NAME_RULES.map((o) => (
          <label
            key={o.value}
            className={clsx(
              'flex cursor-pointer items-start gap-3 rounded-xl border p-4',
              chosen === o.value ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-surface',
            )}
          >
            <input type="radio" value={o.value} className="mt-1 accent-brand-700" {...register('attendee_names')} />
            <span>
              <span className="block font-semibold text-ink">{o.label}</span>
              <span className="block text-sm text-slate-600">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {errors.attendee_names?.message && (
        <p className="text-sm text-red-600" role="alert">
          {errors.attendee_names.message}
        </p>
      )}
      <TextField
        className="max-w-xs"
        label="Changes close (hours before the start)"
        type="number"
        inputMode="numeric"
        min={CHANGES_LOCK_HOURS.min}
        max={CHANGES_LOCK_HOURS.max}
        step={1}
        hint={lockLine(lockHours)}
        error={errors.changes_lock_hours?.message}
        {...register('changes_lock_hours')}
      />
    </fieldset>
  );
}
