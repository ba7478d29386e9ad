import { ShieldCheck } from 'lucide-react';
import { Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { formatLongDay } from '../../../lib/format';
import { useRetentionDates } from '../api/orders';

/**
 * When this event's attendees' names, emails, phones and answers are (or were) removed
 * (docs/security.md#retention): ATTENDEE_DATA_RETENTION_MONTHS after the event ends. Amounts and
 * references stay, so the sales figures never change.
 */
export function RetentionNote({ eventId }: { eventId: number }) {
  const dates = useRetentionDates(eventId);
  if (dates.isPending) return <Skeleton className="mb-4 h-5 w-80 max-w-full" />;
  if (dates.isError)
    return (
      <p className="mb-4 text-sm text-red-700" role="alert">
        When this event’s attendee data is removed could not be loaded: {errorMessage(dates.error)}
      </p>
    );
  const { removedAt, removesOn } = dates.data;
  return (
    <p className="mb-4 flex items-start gap-2 text-sm text-slate-600">
      <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
      {removedAt
        ? `Attendees’ names, emails, phones and answers were removed on ${formatLongDay(removedAt)}, as the privacy policy says. Amounts and references stay.`
        : `Attendees’ names, emails, phones and answers will be removed on ${formatLongDay(removesOn)}, as the privacy policy says. Download what you need before then; amounts and references stay.`}
    </p>
  );
}
