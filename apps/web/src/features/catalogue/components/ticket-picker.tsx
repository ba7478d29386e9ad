import type { ReactNode } from 'react';
import { Minus, Plus, Users } from 'lucide-react';
import clsx from 'clsx';
import { LIMITS, lineTotal, parseCurrency, TICKET_STATUS, type TicketType } from '@tikiti/contract';
import { formatMoney } from '../../../lib/format';

type Availability = 'open' | 'soldOut' | 'closed';

export function availabilityOf(ticket: TicketType): Availability {
  if (ticket.status !== TICKET_STATUS.open) return 'closed';
  return ticket.available > 0 ? 'open' : 'soldOut';
}

/** The most of one ticket type a buyer can pick: what is left, within the per-line cap. */
export const maxQuantity = (ticket: TicketType) => Math.max(0, Math.min(ticket.available, LIMITS.quantityPerLineMax));

const badge: Record<Availability, { text: string; className: string }> = {
  open: { text: 'Open', className: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20' },
  soldOut: { text: 'Sold out', className: 'bg-amber-50 text-amber-800 ring-amber-600/20' },
  closed: { text: 'Closed', className: 'bg-slate-100 text-slate-600 ring-slate-500/20' },
};

const stepper =
  'flex h-10 w-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-ink hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

/** "5+ places: 10 % off" for each team price of a type (docs/product.md#team-pricing). */
export const tierTexts = (ticket: Pick<TicketType, 'tiers'>): string[] =>
  ticket.tiers.map((t) => `${t.min_qty}+ places: ${t.percent_off} % off`);

/**
 * One ticket type (docs/product.md#buyer-side): name, admits, price (struck through beside the
 * code's lower price when the buyer's code covers it) and the service fee on it when passed, team prices, status, minus / quantity /
 * plus, line subtotal at the type's own price (savings show under the total). `children`: what
 * goes under a sold-out type (its waiting list).
 */
export function TicketRow({
  ticket,
  currency,
  quantity,
  error,
  codePrice,
  fee,
  onChange,
  children,
}: {
  ticket: TicketType;
  currency: string;
  quantity: number;
  /** Why the server refused this line (it ran short), shown under the row as it is: it names the type. */
  error?: string;
  /** The price with the buyer's code, when it is lower. */
  codePrice?: number | null;
  /**
   * The service fee passed to the buyer per ticket, VAT included, at the price they pay (the
   * code's when it is lower); absent when the organiser absorbs it (docs/product.md#service-fees).
   */
  fee?: number | null;
  onChange: (qty: number) => void;
  children?: ReactNode;
}) {
  const availability = availabilityOf(ticket);
  const max = maxQuantity(ticket);
  const disabled = availability !== 'open';
  // Never above what is left, but a quantity picked before the type ran short can still go down.
  const set = (n: number) => {
    const wanted = Number.isFinite(n) ? Math.trunc(n) : 0;
    // Never above what is left; a quantity picked before the type ran short can still go down.
    const cap = Math.max(max, Math.min(quantity, wanted));
    onChange(Math.max(0, Math.min(cap, wanted)));
  };
  const inputId = `qty-${ticket.id}`;
  const muted = disabled && quantity === 0;

  return (
    // A ticket that cannot be bought reads muted, in colours that keep 4.5:1 contrast (no opacity).
    <li className="py-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className={clsx('font-semibold', muted ? 'text-slate-600' : 'text-ink')}>
            <span>{ticket.name}</span>
            {ticket.hidden && (
              <span className="ml-2 inline-block rounded-full bg-violet-50 px-2 py-0.5 align-middle text-xs font-medium text-violet-800 ring-1 ring-inset ring-violet-600/20">
                With your code
              </span>
            )}
          </p>
          <p className={clsx('mt-0.5 text-sm', muted ? 'text-slate-500' : 'text-slate-600')}>
            Admits {ticket.no_of_persons}
            {availability === 'open' && ticket.available <= 20 && (
              <span className="text-amber-700"> · Only {ticket.available} left</span>
            )}
          </p>
          {ticket.tiers.length > 0 && (
            <p className="mt-1 flex items-start gap-1.5 text-sm text-emerald-800">
              <Users className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                <span className="sr-only">Team prices: </span>
                {tierTexts(ticket).join(' · ')}
              </span>
            </p>
          )}
        </div>
        <div className="shrink-0 text-right">
          {codePrice != null && !disabled ? (
            <p className="font-semibold text-ink">
              <span className="sr-only">Was </span>
              <s className="mr-1.5 text-sm font-normal text-slate-500">
                {formatMoney(ticket.price_per_ticket, currency)}
              </s>
              <span className="sr-only">, with your code </span>
              <span className="text-emerald-800" data-testid={`code-price-${ticket.id}`}>
                {formatMoney(codePrice, currency)}
              </span>
            </p>
          ) : (
            <p className={clsx('font-semibold', muted ? 'text-slate-600' : 'text-ink')}>
              {formatMoney(ticket.price_per_ticket, currency)}
            </p>
          )}
          {fee !== undefined && fee !== null && fee > 0 && (
            <p className="text-xs text-slate-600">+ {formatMoney(fee, currency)} service fee</p>
          )}
          <span
            className={clsx(
              'mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
              badge[availability].className,
            )}
          >
            {badge[availability].text}
          </span>
        </div>
      </div>
      <div className="mt-3 flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={stepper}
            onClick={() => set(quantity - 1)}
            disabled={quantity <= 0}
            aria-label={`One fewer ${ticket.name} ticket`}
          >
            <Minus className="h-4 w-4" aria-hidden />
          </button>
          <label htmlFor={inputId} className="sr-only">
            Number of {ticket.name} tickets
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            step={1}
            value={quantity}
            disabled={disabled}
            onChange={(e) => set(e.target.value === '' ? 0 : Number(e.target.value))}
            onFocus={(e) => e.target.select()}
            className="h-10 w-16 rounded-lg border border-slate-300 bg-white text-center font-semibold text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:bg-slate-50"
          />
          <button
            type="button"
            className={stepper}
            onClick={() => set(quantity + 1)}
            disabled={disabled || quantity >= max}
            aria-label={`One more ${ticket.name} ticket`}
          >
            <Plus className="h-4 w-4" aria-hidden />
          </button>
        </div>
        <p className="text-right text-sm text-slate-600">
          Subtotal{' '}
          <span className="font-semibold text-ink" data-testid={`subtotal-${ticket.id}`}>
            {formatMoney(lineTotal(ticket.price_per_ticket, quantity, parseCurrency(currency)), currency)}
          </span>
        </p>
      </div>
      {error && (
        <p className="mt-2 text-sm font-medium text-red-600" role="alert">
          {error}
        </p>
      )}
      {children}
    </li>
  );
}
