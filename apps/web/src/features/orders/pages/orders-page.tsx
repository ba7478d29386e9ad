import { lazy, Suspense, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Ban } from 'lucide-react';
import { EVENT_STATUS, type SalesSummary } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState, Skeleton } from '../../../components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { countOf, formatDateRange, formatDay, formatMoney } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useCancelEvent, useSales } from '../api/orders';
import { AttendeesPanel } from '../components/attendees-panel';
import { BookingsPanel } from '../components/bookings-panel';

// Recharts is only ever loaded here, on demand (docs/decisions/0010-refunds-and-cancellation.md).
const SalesChart = lazy(() => import('../components/sales-chart'));

function Card({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-xl font-bold tracking-tight text-ink sm:text-2xl">{value}</p>
      {detail && <p className="mt-0.5 text-xs text-slate-500">{detail}</p>}
    </div>
  );
}

function Summary({ s }: { s: SalesSummary }) {
  const money = (n: number) => formatMoney(n, s.currency);
  return (
    <section aria-label="Sales summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Card label="Net sales" value={money(s.net)} detail={`${money(s.gross)} taken · ${money(s.refunded)} refunded`} />
      <Card
        label="Tickets sold"
        value={String(s.tickets_sold)}
        detail={`${countOf(s.persons_sold, 'person')} · ${countOf(s.bookings_paid, 'paid booking')}`}
      />
      <Card
        label="Checked in"
        value={`${s.tickets_checked_in} / ${s.tickets_sold}`}
        detail={`${s.persons_checked_in} of ${s.persons_sold} persons`}
      />
      <Card
        label="Refunds"
        value={String(s.bookings_refunded)}
        detail={
          s.refunds_failed > 0
            ? `${s.refunds_failed} failed, retry below`
            : s.refunds_pending > 0
              ? `${s.refunds_pending} in progress`
              : s.bookings_refunded > 0
                ? `${money(s.refunded)} returned`
                : 'None'
        }
      />
    </section>
  );
}

function TicketTypes({ s }: { s: SalesSummary }) {
  if (s.ticket_types.length === 0) return null;
  return (
    <section className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className="px-2 pt-4 text-left text-sm font-semibold text-ink sm:px-4">Tickets by type</caption>
        <thead className="text-slate-500">
          <tr>
            <th className="px-2 py-2 sm:px-4 font-medium">Type</th>
            <th className="px-2 py-2 sm:px-4 text-right font-medium">Price</th>
            <th className="px-2 py-2 sm:px-4 text-right font-medium">Sold</th>
            <th className="px-2 py-2 sm:px-4 text-right font-medium">Held</th>
            <th className="px-2 py-2 sm:px-4 text-right font-medium">Left</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {s.ticket_types.map((t) => (
            <tr key={t.id}>
              <td className="px-2 py-2 sm:px-4">
                {t.name}
                {t.deleted && <span className="ml-2 text-xs text-slate-500">(removed)</span>}
              </td>
              <td className="px-2 py-2 sm:px-4 text-right">{formatMoney(t.price, s.currency)}</td>
              <td className="px-2 py-2 sm:px-4 text-right font-semibold">{t.sold}</td>
              <td className="px-2 py-2 sm:px-4 text-right">{t.held}</td>
              <td className="px-2 py-2 sm:px-4 text-right">
                {t.left} <span className="text-slate-400">of {t.max_tickets}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function SalesOverTime({ s }: { s: SalesSummary }) {
  return (
    <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="font-semibold text-ink">Sales over time</h2>
      {s.over_time.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">
          No tickets sold yet: the chart fills in with the first sale.
        </p>
      ) : (
        <Suspense fallback={<Skeleton className="mt-3 h-64" />}>
          <div className="mt-3">
            <SalesChart days={s.over_time} currency={s.currency} />
          </div>
        </Suspense>
      )}
    </section>
  );
}

function CancelEvent({ s }: { s: SalesSummary }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const cancel = useCancelEvent(s.event.id);
  const confirm = async () => {
    try {
      const done = await cancel.mutateAsync({ reason: reason.trim() || undefined });
      setOpen(false);
      showAlert(
        'success',
        `${s.event.title} is cancelled. ${done.bookings_to_refund} paid ${done.bookings_to_refund === 1 ? 'booking is' : 'bookings are'} being refunded.`,
      );
    } catch (err) {
      // The dialog stays open with the reason kept, so the organiser can try again.
      showAlert('danger', errorMessage(err));
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} className="text-red-700">
        <Ban className="h-4 w-4" aria-hidden />
        Cancel event
      </Button>
      <ConfirmDialog
        open={open}
        title={`Cancel ${s.event.title}?`}
        confirmLabel="Cancel event and refund everyone"
        cancelLabel="Keep event"
        danger
        busy={cancel.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p>
          The event leaves the public list at once and sells nothing more.{' '}
          <strong>Every paid booking will be refunded</strong> ({countOf(s.bookings_paid, 'booking')},{' '}
          {formatMoney(s.net, s.currency)}) and each buyer emailed. Tickets on hold are released. This cannot be undone.
        </p>
        <label htmlFor={reasonId} className="block pt-2 font-medium text-slate-700">
          Message to buyers (optional)
        </label>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          rows={3}
          placeholder="For example: the venue is closed after the floods."
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
        />
      </ConfirmDialog>
    </>
  );
}

/** /organizer/orders/:eventId: who bought what, the sales at a glance, refunds and cancelling the event. */
export default function OrdersPage() {
  const eventId = Number(useParams().eventId);
  const sales = useSales(eventId);
  useTitle(sales.data ? `Orders · ${sales.data.event.title}` : 'Orders');

  const back = (
    <Link
      to={routes.myEvents}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> My events
    </Link>
  );

  if (
    !Number.isInteger(eventId) ||
    eventId < 1 ||
    (sales.error instanceof ApiError && sales.error.code === 'not_found')
  ) {
    return (
      <div>
        {back}
        <div className="mt-6">
          <ErrorState message="This event does not exist, or it belongs to another organisation." />
        </div>
      </div>
    );
  }
  if (sales.isPending) {
    return (
      <div role="status" aria-label="Loading orders">
        {back}
        <Skeleton className="mt-6 h-9 w-2/3" />
        <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="mt-6 h-64" />
      </div>
    );
  }
  if (sales.isError) {
    return (
      <div>
        {back}
        <div className="mt-6">
          <ErrorState message={errorMessage(sales.error)} onRetry={() => void sales.refetch()} />
        </div>
      </div>
    );
  }

  const s = sales.data;
  const cancelled = s.event.status === EVENT_STATUS.cancelled;
  return (
    <div>
      {back}
      <header className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Orders</h1>
          <p className="mt-1 text-slate-600">
            <span className="font-medium text-ink">{s.event.title}</span> ·{' '}
            {formatDateRange(s.event.start_time, s.event.end_time)}
          </p>
        </div>
        {!cancelled && <CancelEvent s={s} />}
      </header>
      {cancelled && (
        <div className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" role="status">
          Cancelled{s.event.cancelled_at ? ` on ${formatDay(s.event.cancelled_at)}` : ''}: it is off the public list and
          every paid booking is being refunded.
          {s.refunds_pending > 0 ? ` ${s.refunds_pending} refunds still in progress.` : ''}
        </div>
      )}
      <div className="mt-6">
        <Summary s={s} />
      </div>
      <SalesOverTime s={s} />
      <TicketTypes s={s} />
      <Tabs defaultValue="bookings" className="mt-8">
        <TabsList aria-label="Orders and attendees">
          <TabsTrigger value="bookings">Bookings</TabsTrigger>
          <TabsTrigger value="attendees">Attendees</TabsTrigger>
        </TabsList>
        <TabsContent value="bookings">
          <BookingsPanel eventId={eventId} cancelled={cancelled} />
        </TabsContent>
        <TabsContent value="attendees">
          <AttendeesPanel eventId={eventId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
