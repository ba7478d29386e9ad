import type { UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { ATTENDEE_NAMES, eventFieldsSchema, LIMITS, serviceFeeModeSchema } from '@tikiti/contract';
import { TextAreaField } from '../../../components/ui/field';

/**
 * Step 2 of the create and edit forms: the descriptions, and the event's rule for delegates'
 * names and when changes close (docs/product.md#delegates-and-questions), as the create and
 * update calls check them; whether companies may pay by invoice (docs/product.md#pay-by-invoice); and
 * who pays the service fee (docs/product.md#service-fees).
 */
export const descriptionsSchema = z.object({
  full_description: z.string().trim().max(LIMITS.fullDescriptionMax),
  short_description: z.string().trim().max(LIMITS.shortDescriptionMax),
  attendee_names: z.enum(ATTENDEE_NAMES, { message: 'Names at checkout or later' }),
  changes_lock_hours: eventFieldsSchema.shape.changes_lock_hours,
  invoice_payment_days: eventFieldsSchema.shape.invoice_payment_days,
  service_fee: serviceFeeModeSchema,
});
export type DescriptionInput = z.input<typeof descriptionsSchema>;
export type DescriptionValues = z.output<typeof descriptionsSchema>;

/**
 * Full and short description. Each label writes the field it names (docs/product.md#where-we-depart-from-the-original-spec-and-why: the
 * original's swapped labels are a defect, not copied).
 */
export function DescriptionFields({
  register,
  errors,
}: {
  register: UseFormRegister<DescriptionInput>;
  errors: Partial<Record<keyof DescriptionValues, { message?: string }>>;
}) {
  return (
    <div className="space-y-5">
      <TextAreaField
        label="Full Description"
        rows={7}
        maxLength={LIMITS.fullDescriptionMax}
        hint="Everything attendees should know: agenda, speakers, who it is for. A blank line starts a new paragraph."
        error={errors.full_description?.message}
        {...register('full_description')}
      />
      <TextAreaField
        label="Short Description"
        rows={2}
        maxLength={LIMITS.shortDescriptionMax}
        hint="One or two sentences, shown on event cards."
        error={errors.short_description?.message}
        {...register('short_description')}
      />
    </div>
  );
}
