import { useState } from 'react';
import { Link, useParams } from 'react-router';
import clsx from 'clsx';
import { Download } from 'lucide-react';
import { BADGE_LAYOUTS, BADGES_PER_PAGE, type BadgeLayout, type BadgeSummary } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { countOf } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { usePasswordConfirmation } from '../../accounts';
import { useOwnEvent } from '../../events';
import { useBadgeSummary, useDownloadBadges, type BadgeChoice } from '../api/badges';

const LAYOUT_LABEL: Record<BadgeLayout, { name: string; detail: string }> = {
  a6: { name: 'A6', detail: 'One badge a page (A6 card)' },
  'a4-2x2': { name: 'A4, 4 a page', detail: '2 × 2 on A4, for large badges' },
  'a4-2x4': { name: 'A4, 8 a page', detail: '2 × 4 on A4, for pouches' },
  'label-4x3in': { name: 'Label 4 × 3 in', detail: 'One a label, for label printers' },
};

/** How many badges the choice prints, from the summary. */
function toPrint(summary: BadgeSummary, { ticketTypeId, notPrinted }: BadgeChoice) {
  const type = ticketTypeId === null ? null : summary.ticket_types.find((t) => t.id === ticketTypeId);
  if (type) return notPrinted ? type.not_printed : type.total;
  return notPrinted ? summary.not_printed : summary.total;
}

const kb = (n: number) => `${Math.max(1, Math.round(n / 1024))} KB`;

function Progress({ received, total }: { received: number; total: number | null }) {
  const share = total ? Math.min(100, Math.round((received / total) * 100)) : null;
  return (
    <div className="mt-3" role="status" aria-live="polite">
      <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        <div
          className={clsx('h-full rounded-full bg-brand-600', share === null && 'animate-pulse')}
          style={{ width: `${share ?? 100}%` }}
        />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {received === 0
          ? 'Making the badges…'
          : share === null
            ? `Downloading… ${kb(received)}`
            : `Downloading… ${share}% of ${kb(total ?? 0)}`}
      </p>
    </div>
  );
}

function BadgesForm({ eventId, summary }: { eventId: number; summary: BadgeSummary }) {
  const [choice, setChoice] = useState<BadgeChoice>({ layout: 'a4-2x4', ticketTypeId: null, notPrinted: true });
  const [progress, setProgress] = useState<{ received: number; total: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = useDownloadBadges(eventId);
  // Badges carry attendee data: the API may ask for the password again (docs/security.md#re-entering-the-password).
  const { withConfirmation, dialog } = usePasswordConfirmation();
  const count = toPrint(summary, choice);
  const pages = Math.ceil(count / BADGES_PER_PAGE[choice.layout]);

  const start = async () => {
    setError(null);
    setProgress({ received: 0, total: null });
    try {
      const done = await withConfirmation(async () => {
        await download(choice, (received, total) => setProgress({ received, total }));
        return true;
      });
      if (done) showAlert('success', `${countOf(count, 'badge')} downloaded and marked printed.`);
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === 'badge.nothing_to_print'
          ? 'No badge matches: every one of these is printed already, or none is sold yet.'
          : errorMessage(err),
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Layout</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {BADGE_LAYOUTS.map((layout) => (
            <label
              key={layout}
              className={clsx(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-3',
                choice.layout === layout ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white',
              )}
            >
              <input
                type="radio"
                name="layout"
                value={layout}
                checked={choice.layout === layout}
                onChange={() => setChoice((c) => ({ ...c, layout }))}
                className="mt-1 h-4 w-4 text-brand-700"
              />
              <span>
                <span className="block font-semibold text-ink">{LAYOUT_LABEL[layout].name}</span>
                <span className="block text-sm text-slate-600">{LAYOUT_LABEL[layout].detail}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <SelectField
          label="Ticket type"
          value={choice.ticketTypeId ?? ''}
          onChange={(e) => setChoice((c) => ({ ...c, ticketTypeId: e.target.value ? Number(e.target.value) : null }))}
        >
          <option value="">Every ticket type ({summary.total})</option>
          {summary.ticket_types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.total}, {t.not_printed} not printed)
            </option>
          ))}
        </SelectField>
        <label className="flex h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            checked={choice.notPrinted}
            onChange={(e) => setChoice((c) => ({ ...c, notPrinted: e.target.checked }))}
            className="h-5 w-5 rounded border-slate-300 text-brand-700"
          />
          Only badges not printed yet
        </label>
      </div>
      <div className="rounded-xl bg-slate-50 p-4">
        <p className="font-semibold text-ink" data-testid="badge-count">
          {count === 0 ? 'Nothing to print' : `${countOf(count, 'badge')} will print on ${countOf(pages, 'page')}`}
        </p>
        <p className="text-sm text-slate-600">Downloading marks them printed.</p>
        {progress && <Progress received={progress.received} total={progress.total} />}
        {error && (
          <p className="mt-3 text-sm text-red-700" role="alert">
            {error}
          </p>
        )}
        <Button
          className="mt-4 w-full sm:w-auto"
          onClick={() => void start()}
          disabled={count === 0}
          busy={progress !== null}
          busyText="Downloading…"
        >
          <Download className="h-4 w-4" aria-hidden />
          Download PDF
        </Button>
      </div>
      {dialog}
    </div>
  );
}

/**
 * /organizer/event/{id}/badges (docs/product.md#name-badges): pick a layout, a ticket type and
 * whether to keep only badges not printed; the count of what will print; the PDF with its
 * download's progress.
 */
export default function BadgesPage() {
  useTitle('Badges');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const event = useOwnEvent(valid ? id : 0);
  const summary = useBadgeSummary(valid ? id : 0);
  if (!valid) return <ErrorState message="This address does not name an event." />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Name badges</h1>
        <div className="mt-1 text-slate-600">
          {event.data && (
            <>
              For <span className="font-medium text-ink">{event.data.title}</span> ·{' '}
            </>
          )}
          <Link to={routes.eventOrders(id)} className="font-semibold text-brand-700 hover:underline">
            Attendees
          </Link>{' '}
          ·{' '}
          <Link to={routes.eventCertificates(id)} className="font-semibold text-brand-700 hover:underline">
            Certificates
          </Link>
        </div>
      </header>
      {summary.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading badges">
          <Skeleton className="h-32" />
          <Skeleton className="h-24" />
        </div>
      ) : summary.isError ? (
        <ErrorState message={errorMessage(summary.error)} onRetry={() => void summary.refetch()} />
      ) : summary.data.total === 0 ? (
        <EmptyState title="No badges yet">Each paid ticket gets a badge with its delegate’s name.</EmptyState>
      ) : (
        <Panel
          title="Print badges"
          intro={`${countOf(summary.data.total, 'badge')}, ${summary.data.not_printed} not printed yet. Each carries the ticket’s QR code, so it admits at the door.`}
        >
          <div className="mt-5">
            <BadgesForm eventId={id} summary={summary.data} />
          </div>
        </Panel>
      )}
    </div>
  );
}
