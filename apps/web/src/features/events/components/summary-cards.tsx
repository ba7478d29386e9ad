import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { CalendarClock, CalendarDays, Ticket, Wallet } from 'lucide-react';
import { Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useDashboardSummary } from '../api/dashboard-summary';

function Card({
  icon: Icon,
  label,
  value,
  testId,
  lines = 1,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  testId: string;
  /** Figures shown one under another (net sales in several currencies): each a size smaller, so each fits on its line. */
  lines?: number;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center gap-2 text-sm font-medium text-slate-500">
        <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="h-4 w-4" aria-hidden />
        </span>
        {label}
      </div>
      <p
        className={clsx(
          'mt-3 break-words font-bold tracking-tight text-ink',
          lines > 1 ? 'text-base sm:text-lg lg:text-xl' : 'text-xl sm:text-2xl',
        )}
        data-testid={testId}
      >
        {value}
      </p>
    </div>
  );
}

/** The dashboard's four figures, computed by the server from paid bookings (docs/product.md#where-we-depart-from-the-original-spec-and-why). */
export function SummaryCards() {
  const summary = useDashboardSummary();
  if (summary.isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4" role="status" aria-label="Loading figures">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  if (summary.isError) {
    return (
      <p className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" role="alert">
        We couldn't load your figures: {errorMessage(summary.error)}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void summary.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const s = summary.data;
  // One figure per currency: shillings and dollars never add up.
  const netSales = s.net_sales_by_currency.length
    ? s.net_sales_by_currency.map((n) => (
        <span key={n.currency} className="block whitespace-nowrap">
          {formatMoney(n.net_sales, n.currency)}
        </span>
      ))
    : formatMoney(s.net_sales, s.currency);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
      <Card
        icon={Wallet}
        label="Net sales"
        value={netSales}
        lines={s.net_sales_by_currency.length}
        testId="summary-net-sales"
      />
      <Card icon={CalendarDays} label="Events" value={s.events.toLocaleString('en-US')} testId="summary-events" />
      <Card
        icon={Ticket}
        label="Tickets sold"
        value={s.tickets_sold.toLocaleString('en-US')}
        testId="summary-tickets-sold"
      />
      <Card
        icon={CalendarClock}
        label="Upcoming events"
        value={s.upcoming_events.toLocaleString('en-US')}
        testId="summary-upcoming"
      />
    </div>
  );
}
