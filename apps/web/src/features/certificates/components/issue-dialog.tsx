import { useEffect, useId, useState } from 'react';
import { Dialog } from 'radix-ui';
import { Search } from 'lucide-react';
import type { Attendee } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { useAttendeesToIssue, useIssueCertificate } from '../api/certificates';

/** What the organiser reads when the server refuses a certificate by hand (docs/api.md#error-codes). */
function refusal(err: unknown) {
  if (!(err instanceof ApiError)) return errorMessage(err);
  switch (err.code) {
    case 'certificate.not_enabled':
      return 'Turn certificates on and save the settings first.';
    case 'certificate.too_early':
      return 'The event has not started yet: certificates can be issued once it has.';
    case 'certificate.ticket_not_valid':
      return 'This ticket was refunded or replaced: it cannot have a certificate.';
    case 'certificate.already_issued':
      return 'This ticket already has a certificate. Re-issue it from the register instead.';
    default:
      return err.message;
  }
}

/**
 * Issue one certificate by hand (POST v1/client/event/{id}/certificates) for someone the door
 * missed: the organiser finds the attendee and picks their ticket; the refusal shows beside it.
 */
export function IssueDialog({ eventId, onClose }: { eventId: number; onClose: () => void }) {
  const searchId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [failed, setFailed] = useState<{ ticketId: number; message: string } | null>(null);
  const attendees = useAttendeesToIssue(eventId, q);
  const issue = useIssueCertificate(eventId);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);

  const pick = async (a: Attendee) => {
    setFailed(null);
    try {
      const made = await issue.mutateAsync(a.id);
      showAlert('success', `Certificate ${made.number} issued to ${made.holder_name} and mailed.`);
      onClose();
    } catch (err) {
      setFailed({ ticketId: a.id, message: refusal(err) });
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !issue.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          <Dialog.Title className="text-lg font-semibold">Issue a certificate by hand</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            For someone who attended but was not checked in. It is mailed to them at once.
          </Dialog.Description>
          <label htmlFor={searchId} className="mt-4 block text-sm font-medium text-slate-700">
            Find the attendee
          </label>
          <div className="relative mt-1.5">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <input
              id={searchId}
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Name, email, phone, company or reference"
              maxLength={100}
              className="block h-11 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-ink placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
            />
          </div>
          <div className="mt-3 min-h-24 overflow-y-auto">
            {attendees.isPending ? (
              <div className="space-y-2" role="status" aria-label="Loading attendees">
                <Skeleton className="h-12" />
                <Skeleton className="h-12" />
              </div>
            ) : attendees.isError ? (
              <ErrorState message={errorMessage(attendees.error)} onRetry={() => void attendees.refetch()} />
            ) : attendees.data.data.length === 0 ? (
              <EmptyState title={q ? 'No attendee matches' : 'No attendees yet'}>
                {q ? `Nothing found for “${q}”.` : 'Paid tickets appear here.'}
              </EmptyState>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Attendees">
                {attendees.data.data.map((a) => (
                  <li key={a.id} className="py-2.5">
                    <div className="flex items-center gap-3">
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium text-ink">{a.holder_name}</p>
                        <p className="truncate text-sm text-slate-600">
                          {[a.company, a.ticket_type, `${a.booking_reference}-${a.ticket_number}`]
                            .filter(Boolean)
                            .join(' · ')}
                        </p>
                      </div>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={a.revoked || issue.isPending}
                        busy={issue.isPending && issue.variables === a.id}
                        onClick={() => void pick(a)}
                      >
                        Issue<span className="sr-only"> a certificate to {a.holder_name}</span>
                      </Button>
                    </div>
                    {failed?.ticketId === a.id && (
                      <p className="mt-1 text-sm text-red-700" role="alert">
                        {failed.message}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="mt-4 flex justify-end">
            <Button variant="secondary" onClick={onClose} disabled={issue.isPending}>
              Close
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
