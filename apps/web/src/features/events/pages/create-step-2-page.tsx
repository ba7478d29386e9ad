import { Link, Navigate, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { routes } from '../../../lib/routes';
import { Button } from '../../../components/ui/button';
import { showAlert } from '../../../lib/alert';
import { useSingleFlight } from '../../../lib/single-flight';
import { useSticky } from '../../../lib/use-sticky';
import { useTitle } from '../../../lib/use-title';
import { useCreateEvent, useUpdateEvent } from '../api/save-event';
import { DelegateSettingsFields } from '../components/delegate-settings-fields';
import { InvoicePaymentField } from '../components/invoice-payment-field';
import { ServiceFeeField } from '../components/service-fee-field';
import { DescriptionFields, type DescriptionValues } from '../components/description-fields';
import { DiscardDraftButton } from '../components/discard-draft-button';
import { EventPageHeader, FormPanel } from '../components/event-page-header';
import { ImagePicker } from '../components/image-picker';
import { stepLinkClass, useImageAndDescriptions } from '../components/use-image-and-descriptions';
import { useEventDrafts } from '../event-drafts';

/**
 * Create event step 2 (docs/product.md#organiser-side): image and descriptions, then the create call; the event
 * starts as a draft. Coming back here after the event exists updates it instead.
 */
export default function CreateStep2Page() {
  useTitle('Create event');
  const draft = useSticky(useEventDrafts((s) => s.draftEvent));
  const setDraftEvent = useEventDrafts((s) => s.setDraftEvent);
  const navigate = useNavigate();
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const [busy, run] = useSingleFlight();
  const media = useImageAndDescriptions(draft);
  const { file } = media;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = media.form;

  if (!draft) return <Navigate to={routes.eventStep(1)} replace />;
  const created = draft.id !== undefined;

  const onValid = (descriptions: DescriptionValues) =>
    run(async () => {
      if (!created && !media.requireImage()) return;
      showAlert('warning', 'Processing...');
      const { id, ...values } = { ...draft, ...descriptions };
      setDraftEvent({ ...draft, ...descriptions });
      try {
        if (id === undefined) {
          const created = await createEvent.mutateAsync({ values, file: file! });
          setDraftEvent({ ...draft, ...descriptions, id: created.data });
          showAlert('success', created.message);
        } else {
          const updated = await updateEvent.mutateAsync({ id, values, file });
          showAlert('success', updated.message);
        }
        void navigate(routes.eventStep(3));
      } catch (err) {
        media.showSaveError(err);
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
        step={{ n: 2, of: 4, label: 'Image and description' }}
      />
      <FormPanel>
        <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-8">
          <ImagePicker file={file} error={media.imageError} onChange={media.pickImage} />
          <DescriptionFields register={register} errors={errors} />
          <DelegateSettingsFields
            register={register}
            errors={errors}
            chosen={watch('attendee_names')}
            lockHours={watch('changes_lock_hours')}
          />
          <InvoicePaymentField
            register={register}
            error={errors.invoice_payment_days?.message}
            days={watch('invoice_payment_days')}
          />
          <ServiceFeeField register={register} error={errors.service_fee?.message} chosen={watch('service_fee')} />
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex gap-6">
              <Link
                to={routes.eventStep(1)}
                onClick={() => setDraftEvent({ ...draft, ...media.typed() })}
                className={stepLinkClass}
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
