import { useState } from 'react';
import clsx from 'clsx';
import { AlertTriangle, Banknote, RotateCcw, Undo2 } from 'lucide-react';
import { BOOKING_STATUS, BOOKING_STATUS_WORDS, formatPhone, type Order, type OrderKind } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { countOf, formatDay, formatMoney, formatTime } from '../../../lib/format';
import { useOrders, useRefund } from '../api/orders';
import { AnswersToggle } from './answer-list';
import { RecordPaymentDialog } from './record-payment-dialog';
import { ListToolbar, Pager } from './list-toolbar';

const STATUS: Record<number, { label: string; tone: string }> = {
  1: { label: 'Held, not paid yet', tone: 'bg-amber-100 text-amber-900' },
  2: { label: 'Paid', tone: 'bg-emerald-100 text-emerald-800' },
  3: { label: 'Not paid (hold ended)', tone: 'bg-slate-100 text-slate-700' },
  4: { label: 'Not paid (event cancelled)', tone: 'bg-slate-100 text-slate-700' },
  5: { label: 'Refunded', tone: 'bg-sky-100 text-sky-900' },
  6: { label: BOOKING_STATUS_WORDS[6], tone: 'bg-violet-100 text-violet-900' },
};

/** The two lists (docs/product.md#after-the-sale): sales mean money; holds never paid are apart. */
type Shown = OrderKind | 'awaiting';
const KINDS: { kind: Shown; label: string; list: string; empty: string; hint: string }[] = [
  {
    kind: 'sales',
    label: 'Sales',
    list: 'Bookings',
    empty: 'No sales yet',
    hint: 'Bookings appear here once buyers have paid. Tickets held while buyers pay are under Unpaid holds.',
  },
  {
    kind: 'holds',
    label: 'Unpaid holds',
    list: 'Unpaid holds',
    empty: 'No unpaid holds',
    hint: 'Tickets held while a buyer pays, and holds that ended without a payment, appear here.',
  },
  {
    kind: 'awaiting',
    label: 'Awaiting payment',
    list: 'Bookings awaiting payment',
    empty: 'Nothing awaiting payment',
    hint: 'Companies that chose Pay by invoice appear here until they pay or their due date passes.',
  },
];
/** The query of a list: awaiting payment is the sales in status 6 (docs/product.md#pay-by-invoice). */
const queryOfShown = (shown: Shown): { kind: OrderKind; status?: number } =>
  shown === 'awaiting' ? { kind: 'sales', status: BOOKING_STATUS.awaiting_payment } : { kind: shown };
const METHOD = { card: 'Card', mpesa: 'M-Pesa', paypal: 'PayPal', invoice: 'Invoice' } as const;

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

/** The sales, or the unpaid holds, of an event. */
function KindSwitch({ kind, onChange }: { kind: Shown; onChange: (kind: Shown) => void }) {
  return (
    <div
      role="group"
      aria-label="Which bookings"
      className="mb-4 inline-flex max-w-full flex-wrap rounded-lg border border-slate-200 bg-slate-50 p-1 text-sm"
    >
      {KINDS.map((k) => (
        <button
          key={k.kind}
          type="button"
          aria-pressed={kind === k.kind}
          onClick={() => onChange(k.kind)}
          className={clsx(
            'rounded-md px-3 py-1.5 font-medium',
            kind === k.kind ? 'bg-white text-ink shadow-sm' : 'text-slate-600 hover:text-ink',
          )}
        >
          {k.label}
        </button>
      ))}
    </div>
  );
}

/** A hold still running says until when; one that ended, or a booking, when it was made. */
function StatusLine({ order }: { order: Order }) {
  const status = STATUS[order.status] ?? { label: String(order.status), tone: 'bg-slate-100' };
  const holding = order.status === BOOKING_STATUS.pending && Date.parse(order.hold_expires_at) > Date.now();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="font-mono text-sm font-semibold">{order.reference}</span>
      <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', status.tone)}>{status.label}</span>
      {order.overdue && (
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Overdue</span>
      )}
      <span className="text-xs text-slate-500">
        {holding ? `held until ${formatTime(order.hold_expires_at)}` : when(order.created_at)}
      </span>
    </div>
  );
}

/** A booking paid by invoice: the company, what is paid and owed, and by when. */
function InvoiceLine({ order }: { order: Order }) {
  if (order.status !== BOOKING_STATUS.awaiting_payment && !order.company && !order.invoice_number) return null;
  return (
    <div className="mt-1 space-y-0.5 text-sm">
      {order.company && (
        <p className="break-words text-slate-700">
          {order.company.name} · PIN {order.company.kra_pin}
          {order.company.po_number && <> · PO {order.company.po_number}</>}
        </p>
      )}
      {order.status === BOOKING_STATUS.awaiting_payment && (
        <p className={order.overdue ? 'font-medium text-red-700' : 'text-violet-900'} data-testid="owed-line">
          {formatMoney(order.amount_owed, order.currency)} owed
          {order.amount_paid > 0 && <> ({formatMoney(order.amount_paid, order.currency)} paid)</>}
          {order.due_at && (
            <>
              {' '}
              · {order.overdue ? 'was due' : 'due'} {when(order.due_at)}
            </>
          )}
        </p>
      )}
      {order.invoice_number && <p className="text-slate-600">Invoice {order.invoice_number}</p>}
    </div>
  );
}

/**
 * The event's bookings: the sales by default, the holds never paid apart (so that a booking on
 * the list means money); search, pages, the CSV of the list shown, and a refund (or its retry)
 * behind a confirmation.
 */
export function BookingsPanel({ eventId, cancelled }: { eventId: number; cancelled: boolean }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<Shown>('sales');
  const orders = useOrders(eventId, { q, page, ...queryOfShown(kind) });
  const shown = KINDS.find((k) => k.kind === kind)!;
  const refund = useRefund(eventId);
  const [asked, setAsked] = useState<Order | null>(null);
  const [recording, setRecording] = useState<Order | null>(null);

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
      <KindSwitch
        kind={kind}
        onChange={(next) => {
          setKind(next);
          setPage(1);
        }}
      />
      <ListToolbar
        eventId={eventId}
        what="orders"
        kind={queryOfShown(kind).kind}
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
          <EmptyState title={q ? 'No booking matches' : shown.empty}>
            {q ? `Nothing found for “${q}”.` : shown.hint}
          </EmptyState>
        </div>
      ) : (
        <>
          <ul className={clsx('mt-4 space-y-3', orders.isPlaceholderData && 'opacity-60')} aria-label={shown.list}>
            {orders.data.data.map((o) => {
              const canRefund = o.status === BOOKING_STATUS.paid && !cancelled;
              const canRecord = o.status === BOOKING_STATUS.awaiting_payment;
              return (
                <li
                  key={o.id}
                  className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-center"
                >
                  <div className="min-w-0">
                    <StatusLine order={o} />
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
                      {countOf(o.tickets, 'ticket')}
                      {o.persons !== o.tickets ? ` (${o.persons} persons)` : ''} ·{' '}
                      <span className="font-semibold">{formatMoney(o.amount, o.currency)}</span> ·{' '}
                      {METHOD[o.payment_method]}
                      {o.receipt_number && <> · receipt {o.receipt_number}</>}
                    </p>
                    {(o.code || o.discount > 0) && (
                      <p className="text-sm text-emerald-800" data-testid="discount-line">
                        {o.code ? (
                          <>
                            Code <span className="font-mono font-semibold">{o.code}</span>
                          </>
                        ) : (
                          'Team price'
                        )}
                        {o.discount > 0 && <> · {formatMoney(o.discount, o.currency)} off</>}
                      </p>
                    )}
                    {o.payment_mismatch && (
                      <p className="flex items-start gap-1 text-xs text-amber-800">
                        <AlertTriangle className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
                        <span>Payment not accepted: {o.payment_mismatch}</span>
                      </p>
                    )}
                    <InvoiceLine order={o} />
                    <RefundState order={o} />
                    <AnswersToggle answers={o.answers} className="mt-1" />
                  </div>
                  {(canRefund || canRecord || o.refund_state === 'failed') && (
                    <div className="flex gap-2 sm:justify-end">
                      {canRecord && (
                        <Button variant="secondary" size="sm" onClick={() => setRecording(o)}>
                          <Banknote className="h-4 w-4" aria-hidden />
                          Record payment
                        </Button>
                      )}
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
          <Pager
            page={page}
            total={orders.data.total}
            noun={kind === 'holds' ? 'unpaid hold' : 'booking'}
            onPage={setPage}
          />
        </>
      )}
      {recording && <RecordPaymentDialog eventId={eventId} order={recording} onClose={() => setRecording(null)} />}
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
