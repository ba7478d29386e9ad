import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage } from '../../../lib/api-client';
import { clearAlert, showAlert, showFormAlert } from '../../../lib/alert';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { descriptionsSchema, type DescriptionValues } from './description-fields';
import { imageErrorOf } from './image-picker';

const IMAGE_REQUIRED = 'Image is required';

/** Classes of the Back and Discard links under the step-2 forms. */
export const stepLinkClass =
  'inline-flex items-center justify-center gap-2 py-2 text-sm font-semibold text-slate-600 hover:text-ink hover:underline';

/**
 * The state both step-2 forms (create and edit) keep: the picked image with its error, and
 * the description fields. Errors of a save land in the banner, under the picker and on the
 * description fields.
 */
export function useImageAndDescriptions(defaults: Partial<DescriptionValues> | null | undefined) {
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const form = useForm<DescriptionValues>({
    resolver: zodResolver(descriptionsSchema),
    defaultValues: {
      full_description: defaults?.full_description ?? '',
      short_description: defaults?.short_description ?? '',
    },
  });

  return {
    form,
    file,
    imageError,
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
      applyServerFieldErrors(err, form.setError, (name) => name === 'full_description' || name === 'short_description');
    },
  };
}
