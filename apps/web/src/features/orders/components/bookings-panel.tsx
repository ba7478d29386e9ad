import { useState } from 'react';
import clsx from 'clsx';
import { AlertTriangle, RotateCcw, Undo2 } from 'lucide-react';
import { BOOKING_STATUS, formatPhone, type Order } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { formatDay, formatMoney, formatTime } from '../../../lib/format';
import { useOrders, useRefund } from '../api/orders';
import { ListToolbar, Pager } from './list-toolbar';

const STATUS: Record<number, { label: string; tone: string }> = {
  1: { label: 'Pending', tone: 'bg-amber-100 text-amber-900' },
  2: { label: 'Paid', tone: 'bg-emerald-100 text-emerald-800' },
  3: { label: 'Failed or expired', tone: 'bg-slate-100 text-slate-700' },
  4: { label: 'Cancelled', tone: 'bg-slate-100 text-slate-700' },
  5: { label: 'Refunded', tone: 'bg-sky-100 text-sky-900' },
};
const METHOD = { card: 'Card', mpesa: 'M-Pesa', paypal: 'PayPal' } as const;

const when = (iso: string) => `${formatDay(iso)}, ${formatTime(iso)}`;

function RefundState({ order }: { order: Order }) {
  if (order.refund_state === 'pending') return <p className="text-xs text-sky-800">Refund in progress</p>;
  if (order.refund_state === 'refunded') return <p className="text-xs text-sky-800">Money returned</p>;
  if (order.refund_state === 'failed')
    return (
      <p className="flex items-start gap-1 text-xs text-red-700">
        <AlertTriangle className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
        <span>Refund failed: {order.refund_error}</span>
      </p>
    );
  return null;
}

/** The event's bookings: search, pages, CSV, and a refund (or its retry) behind a confirmation. */
export function BookingsPanel({ eventId, cancelled }: { eventId: number; cancelled: boolean }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const orders = useOrders(eventId, { q, page });
  const refund = useRefund(eventId);
  const [asked, setAsked] = useState<Order | null>(null);

  const confirm = async () => {
    if (!asked) return;
    try {
      await refund.mutateAsync(asked.id);
      showAlert(
        'success',
        asked.refund_state === 'failed'
          ? `Refund of ${asked.reference} asked again`
          : `Booking ${asked.reference} refunded: ${formatMoney(asked.amount, asked.currency)} is on its way back to ${asked.full_name}`,
      );
    } catch (err) {
      showAlert('danger', errorMessage(err));
    } finally {
      setAsked(null);
    }
  };

  return (
    <div>
      <ListToolbar
        eventId={eventId}
        what="orders"
        label="Search bookings"
        placeholder="Reference, name, email or phone"
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
      />
      {orders.isPending ? (
        <div className="mt-4 space-y-3" role="status" aria-label="Loading bookings">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : orders.isError ? (
        <div className="mt-4">
          <ErrorState message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} />
        </div>
      ) : orders.data.total === 0 ? (
        <div className="mt-4">
          <EmptyState title={q ? 'No booking matches' : 'No bookings yet'}>
            {q ? `Nothing found for “${q}”.` : 'Bookings appear here as soon as buyers pick tickets.'}
          </EmptyState>
        </div>
      ) : (
        <>
          <ul className={clsx('mt-4 space-y-3', orders.isPlaceholderData && 'opacity-60')} aria-label="Bookings">
            {orders.data.data.map((o) => {
              const status = STATUS[o.status] ?? { label: String(o.status), tone: 'bg-slate-100' };
              const canRefund = o.status === BOOKING_STATUS.paid && !cancelled;
              return (
                <li
                  key={o.id}
                  className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-center"
                >
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-mono text-sm font-semibold">{o.reference}</span>
                      <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', status.tone)}>
                        {status.label}
                      </span>
                      <span className="text-xs text-slate-500">{when(o.created_at)}</span>
                    </div>
                    <p className="mt-1 truncate font-medium text-ink">{o.full_name}</p>
                    <p className="text-sm text-slate-600 sm:truncate">
                      <span className="block truncate sm:inline">{o.email_address}</span>
                      {o.msisdn && (
                        <span className="block sm:inline">
                          <span className="hidden sm:inline"> · </span>
                          {formatPhone(o.msisdn)}
                        </span>
                      )}
                    </p>
                    <p className="mt-1 text-sm text-slate-700">
                      {o.tickets} {o.tickets === 1 ? 'ticket' : 'tickets'}
                      {o.persons !== o.tickets ? ` (${o.persons} persons)` : ''} ·{' '}
                      <span className="font-semibold">{formatMoney(o.amount, o.currency)}</span> ·{' '}
                      {METHOD[o.payment_method]}
                      {o.receipt_number && <> · receipt {o.receipt_number}</>}
                    </p>
                    {o.payment_mismatch && (
                      <p className="flex items-start gap-1 text-xs text-amber-800">
                        <AlertTriangle className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
                        <span>Payment not accepted: {o.payment_mismatch}</span>
                      </p>
                    )}
                    <RefundState order={o} />
                  </div>
                  {(canRefund || o.refund_state === 'failed') && (
                    <div className="flex gap-2 sm:justify-end">
                      {canRefund && (
                        <Button variant="secondary" size="sm" onClick={() => setAsked(o)}>
                          <Undo2 className="h-4 w-4" aria-hidden />
                          Refund
                        </Button>
                      )}
                      {o.refund_state === 'failed' && (
                        <Button variant="secondary" size="sm" onClick={() => setAsked(o)}>
                          <RotateCcw className="h-4 w-4" aria-hidden />
                          Retry refund
                        </Button>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <Pager page={page} total={orders.data.total} noun="bookings" onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={
          asked?.refund_state === 'failed' ? `Retry the refund of ${asked.reference}?` : `Refund ${asked?.reference}?`
        }
        confirmLabel={
          asked?.refund_state === 'failed'
            ? 'Retry refund'
            : `Refund ${asked ? formatMoney(asked.amount, asked.currency) : ''}`
        }
        cancelLabel="Keep booking"
        danger
        busy={refund.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsked(null)}
      >
        {asked && (
          <>
            <p>
              {formatMoney(asked.amount, asked.currency)} goes back to {asked.full_name} through the provider that took
              the payment, and they are emailed.
            </p>
            <p>
              Its {asked.tickets} {asked.tickets === 1 ? 'ticket stops' : 'tickets stop'} admitting at the door and{' '}
              {asked.tickets === 1 ? 'goes' : 'go'} back on sale. This cannot be undone.
            </p>
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}
