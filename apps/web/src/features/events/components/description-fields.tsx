import type { UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { LIMITS } from '@tikiti/contract';
import { TextAreaField } from '../../../components/ui/field';

export const descriptionsSchema = z.object({
  full_description: z.string().trim().max(LIMITS.fullDescriptionMax),
  short_description: z.string().trim().max(LIMITS.shortDescriptionMax),
});
export type DescriptionValues = z.infer<typeof descriptionsSchema>;

/**
 * Full and short description. Each label writes the field it names (docs/product.md#where-we-depart-from-the-original-spec-and-why: the
 * original's swapped labels are a defect, not copied).
 */
export function DescriptionFields({
  register,
  errors,
}: {
  register: UseFormRegister<DescriptionValues>;
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
