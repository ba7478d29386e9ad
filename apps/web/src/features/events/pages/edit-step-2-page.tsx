import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import clsx from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { EVENT_STATUS } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { Button } from '../../../components/ui/button';
import { showAlert } from '../../../lib/alert';
import { useSingleFlight } from '../../../lib/single-flight';
import { useSticky } from '../../../lib/use-sticky';
import { useTitle } from '../../../lib/use-title';
import { useUpdateEvent } from '../api/save-event';
import { DelegateSettingsFields } from '../components/delegate-settings-fields';
import { InvoicePaymentField } from '../components/invoice-payment-field';
import { ServiceFeeField } from '../components/service-fee-field';
import { DescriptionFields, type DescriptionValues } from '../components/description-fields';
import { EventPageHeader, FormPanel } from '../components/event-page-header';
import { IMAGE_TIPS, ImagePicker } from '../components/image-picker';
import { stepLinkClass, useImageAndDescriptions } from '../components/use-image-and-descriptions';
import { detailsOf, useEventDrafts } from '../event-drafts';

/** The statuses the edit form switches between (cancelling is done from the orders page). */
type EditableStatus = typeof EVENT_STATUS.published | typeof EVENT_STATUS.draft;
const STATUS_OPTIONS: { value: EditableStatus; label: string; hint: string }[] = [
  { value: EVENT_STATUS.published, label: 'Published', hint: 'Listed on Tikiti; buyers can book.' },
  { value: EVENT_STATUS.draft, label: 'Draft', hint: 'Hidden from buyers until you publish it.' },
];

/**
 * Edit step 2 (docs/product.md#organiser-side): the main image (kept unless 'Change' picks a new one), the
 * descriptions, and whether the event is published or a draft (docs/product.md#event-status). 'Update Event'
 * saves everything from steps 1 and 2, then the tickets page follows.
 */
export default function EditStep2Page() {
  useTitle('Update event');
  const event = useSticky(useEventDrafts((s) => s.storedEvent));
  const setStoredEvent = useEventDrafts((s) => s.setStoredEvent);
  const navigate = useNavigate();
  const updateEvent = useUpdateEvent();
  const [busy, run] = useSingleFlight();
  const [changing, setChanging] = useState(false);
  const [status, setStatus] = useState<EditableStatus>(
    event?.status === EVENT_STATUS.draft ? EVENT_STATUS.draft : EVENT_STATUS.published,
  );
  const media = useImageAndDescriptions(event);
  const { file } = media;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = media.form;

  if (!event) return <Navigate to={routes.myEvents} replace />;

  const onValid = (descriptions: DescriptionValues) =>
    run(async () => {
      if (changing && !media.requireImage()) return;
      showAlert('warning', 'Processing...');
      try {
        const updated = await updateEvent.mutateAsync({
          id: event.id,
          values: { ...detailsOf(event), ...descriptions, status },
          file: changing ? file : null,
        });
        setStoredEvent(updated.data);
        showAlert('success', updated.message);
        void navigate(routes.eventTickets(event.id));
      } catch (err) {
        media.showSaveError(err);
      }
    });

  return (
    <div className="mx-auto max-w-3xl">
      <EventPageHeader
        title="Update Event"
        intro={
          <>
            Editing <span className="font-medium text-ink">{event.title}</span> ·{' '}
            <Link to={routes.eventOrders(event.id)} className="font-semibold text-brand-700 hover:underline">
              Orders and refunds
            </Link>{' '}
            ·{' '}
            <Link to={routes.eventQuestions(event.id)} className="font-semibold text-brand-700 hover:underline">
              Questions
            </Link>{' '}
            ·{' '}
            <Link to={routes.eventCertificates(event.id)} className="font-semibold text-brand-700 hover:underline">
              Certificates
            </Link>{' '}
            ·{' '}
            <Link to={routes.eventBadges(event.id)} className="font-semibold text-brand-700 hover:underline">
              Badges
            </Link>
          </>
        }
        step={{ n: 2, of: 3, label: 'Image, description and visibility' }}
      />
      <FormPanel>
        <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-8">
          <section>
            <h2 className="text-lg font-semibold">Main event image</h2>
            <p className="mt-1 text-sm text-slate-500">{IMAGE_TIPS}</p>
            <div className="mt-4">
              {changing ? (
                <div className="space-y-2">
                  <ImagePicker
                    label="New image"
                    file={file}
                    currentUrl={null}
                    error={media.imageError}
                    onChange={media.pickImage}
                  />
                  <button
                    type="button"
                    className="text-sm font-semibold text-slate-600 hover:underline"
                    onClick={() => {
                      setChanging(false);
                      media.forgetImage();
                    }}
                  >
                    Keep the current image
                  </button>
                </div>
              ) : (
                <div className="space-y-3">
                  <div className="aspect-[2/1] overflow-hidden rounded-2xl bg-slate-100">
                    {event.image && (
                      <img
                        src={event.image}
                        alt={`Current banner of ${event.title}`}
                        className="h-full w-full object-cover"
                      />
                    )}
                  </div>
                  <Button variant="secondary" size="sm" onClick={() => setChanging(true)}>
                    Change
                  </Button>
                </div>
              )}
            </div>
          </section>
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
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Visibility</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {STATUS_OPTIONS.map((o) => (
                <label
                  key={o.value}
                  className={clsx(
                    'flex cursor-pointer items-start gap-3 rounded-xl border p-4',
                    status === o.value ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-surface',
                  )}
                >
                  <input
                    type="radio"
                    name="status"
                    value={o.value}
                    checked={status === o.value}
                    onChange={() => setStatus(o.value)}
                    className="mt-1 accent-brand-700"
                  />
                  <span>
                    <span className="block font-semibold text-ink">{o.label}</span>
                    <span className="block text-sm text-slate-600">{o.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex gap-6">
              <Link
                to={routes.eventViewStep(1)}
                onClick={() => setStoredEvent({ ...event, ...media.typed(), status })}
                className={stepLinkClass}
              >
                <ArrowLeft className="h-4 w-4" aria-hidden />
                Back
              </Link>
              <Link to={routes.myEvents} className={stepLinkClass}>
                Discard
              </Link>
            </div>
            <Button type="submit" size="lg" busy={busy} busyText="Processing...">
              Update Event
            </Button>
          </div>
        </form>
      </FormPanel>
    </div>
  );
}
