import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useSession } from '../../../app/store';
import { routes } from '../../../app/routes';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { clearAlert, showAlert } from '../../../lib/alert';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSingleFlight } from '../../../lib/single-flight';
import { useSticky } from '../../../lib/use-sticky';
import { useTitle } from '../../../lib/use-title';
import { eventsKeys } from '../api/keys';
import { createEvent, updateEvent } from '../api/save-event';
import { DescriptionFields, descriptionsSchema, type DescriptionValues } from '../components/description-fields';
import { DiscardDraftButton } from '../components/discard-draft-button';
import { EventPageHeader, FormPanel } from '../components/event-page-header';
import { ImagePicker, imageErrorOf } from '../components/image-picker';

const IMAGE_REQUIRED = 'Image is required';

const linkClass =
  'inline-flex items-center justify-center gap-2 py-2 text-sm font-semibold text-slate-600 hover:text-ink hover:underline';

/**
 * Create event step 2 (spec §2): image and descriptions, then the create call; the event
 * starts as a draft. Coming back here after the event exists updates it instead.
 */
export default function CreateStep2Page() {
  useTitle('Create event');
  const draft = useSticky(useSession((s) => s.draftEvent));
  const set = useSession((s) => s.set);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, run] = useSingleFlight();
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<DescriptionValues>({
    resolver: zodResolver(descriptionsSchema),
    defaultValues: {
      full_description: draft?.full_description ?? '',
      short_description: draft?.short_description ?? '',
    },
  });

  if (!draft) return <Navigate to={routes.eventStep(1)} replace />;
  const created = draft.id !== undefined;

  const onValid = (descriptions: DescriptionValues) =>
    run(async () => {
      if (!file && !created) {
        setImageError(IMAGE_REQUIRED);
        showAlert('danger', IMAGE_REQUIRED);
        return;
      }
      showAlert('warning', 'Processing...');
      const { id, ...details } = { ...draft, ...descriptions };
      set({ draftEvent: { ...draft, ...descriptions } });
      try {
        if (id === undefined) {
          const res = await createEvent(details, file!);
          set({ draftEvent: { ...draft, ...descriptions, id: res.data } });
          showAlert('success', res.status_description);
        } else {
          const res = await updateEvent(id, details, file);
          showAlert('success', res.status_description);
        }
        await queryClient.invalidateQueries({ queryKey: eventsKeys.all });
        void navigate(routes.eventStep(3));
      } catch (err) {
        showAlert('danger', errorMessage(err));
        setImageError(imageErrorOf(err));
        applyServerFieldErrors(err, setError, (name) => name === 'full_description' || name === 'short_description');
      }
    });

  return (
    <div className="mx-auto max-w-3xl">
      <EventPageHeader
        title="Create Event"
        intro={
          <>
            Add an image and tell attendees about <span className="font-medium text-ink">{draft.title}</span>.
          </>
        }
        step={{ n: 2, of: 3, label: 'Image and description' }}
      />
      <FormPanel>
        <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-8">
          <ImagePicker
            file={file}
            error={imageError}
            onChange={(picked, problem) => {
              setFile(picked);
              setImageError(problem ?? undefined);
              if (picked) clearAlert();
            }}
          />
          <DescriptionFields register={register} errors={errors} />
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex gap-6">
              <Link
                to={routes.eventStep(1)}
                onClick={() => set({ draftEvent: { ...draft, ...getValues() } })}
                className={linkClass}
              >
                <ArrowLeft className="h-4 w-4" aria-hidden />
                Back
              </Link>
              <DiscardDraftButton />
            </div>
            <Button type="submit" size="lg" busy={busy} busyText="Processing...">
              {created ? 'Save and continue' : 'Create Event'}
            </Button>
          </div>
        </form>
      </FormPanel>
    </div>
  );
}
