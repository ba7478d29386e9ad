import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage } from '../../../lib/api-client';
import { clearAlert, showAlert, showFormAlert } from '../../../lib/alert';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { CHANGES_LOCK_HOURS } from '@tikiti/contract';
import { descriptionsSchema, type DescriptionInput, type DescriptionValues } from './description-fields';
import { imageErrorOf } from './image-picker';

const IMAGE_REQUIRED = 'Image is required';

/** Classes of the Back and Discard links under the step-2 forms. */
export const stepLinkClass =
  'inline-flex items-center justify-center gap-2 py-2 text-sm font-semibold text-slate-600 hover:text-ink hover:underline';

const FIELDS = new Set([
  'full_description',
  'short_description',
  'attendee_names',
  'changes_lock_hours',
  'invoice_payment_days',
  'service_fee',
]);

/**
 * The state both step-2 forms (create and edit) keep: the picked image with its error, the
 * description fields, and the delegates' rule (names at checkout or later, when changes close).
 * Errors of a save land in the banner, under the picker and on the fields.
 */
export function useImageAndDescriptions(defaults: Partial<DescriptionValues> | null | undefined) {
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const form = useForm<DescriptionInput, unknown, DescriptionValues>({
    resolver: zodResolver(descriptionsSchema),
    defaultValues: {
      full_description: defaults?.full_description ?? '',
      short_description: defaults?.short_description ?? '',
      attendee_names: defaults?.attendee_names ?? 'later',
      changes_lock_hours: String(defaults?.changes_lock_hours ?? CHANGES_LOCK_HOURS.default),
      invoice_payment_days: String(defaults?.invoice_payment_days ?? 0),
      service_fee: defaults?.service_fee ?? 'absorb',
    },
  });

  return {
    form,
    file,
    imageError,
    /**
     * What is typed, to keep when the organiser goes back a step: the hours only when they are
     * hours (the form checks them again on the way forward).
     */
    typed(): Partial<DescriptionValues> {
      const { changes_lock_hours, invoice_payment_days, ...rest } = form.getValues();
      const hours = descriptionsSchema.shape.changes_lock_hours.safeParse(changes_lock_hours);
      const days = descriptionsSchema.shape.invoice_payment_days.safeParse(invoice_payment_days);
      return {
        ...rest,
        ...(hours.success ? { changes_lock_hours: hours.data } : {}),
        ...(days.success ? { invoice_payment_days: days.data } : {}),
      };
    },
    /** The ImagePicker's onChange. */
    pickImage(picked: File | null, problem?: string | null) {
      setFile(picked);
      setImageError(problem ?? undefined);
      if (picked) clearAlert();
    },
    forgetImage() {
      setFile(null);
      setImageError(undefined);
    },
    /** docs/product.md#validation-rules 'Image is required': false, with the message shown, when no file is picked. */
    requireImage(): boolean {
      if (file) return true;
      setImageError(IMAGE_REQUIRED);
      showFormAlert(IMAGE_REQUIRED);
      return false;
    },
    showSaveError(err: unknown) {
      showAlert('danger', errorMessage(err));
      setImageError(imageErrorOf(err));
      applyServerFieldErrors(err, form.setError, (name) => FIELDS.has(name));
    },
  };
}
