import { Link } from 'react-router';
import clsx from 'clsx';
import { Award, BadgePercent, ExternalLink, IdCard, ImageOff, Info, ReceiptText, Send, Ticket } from 'lucide-react';
import { EVENT_STATUS, type Event } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { countOf, dateChip, formatDateRange } from '../../../lib/format';
import { useEventDrafts } from '../event-drafts';
import { eventBadge } from './event-badge';

const toneClass = {
  slate: 'bg-slate-100 text-slate-700',
  green: 'bg-emerald-100 text-emerald-800',
  amber: 'bg-amber-100 text-amber-900',
};

/**
 * An organiser's event card (docs/product.md#organiser-side): image, month and day, title, short description, badge
 * and "sold of max tickets sold". Opening it keeps the event in client state and starts editing.
 */
export function EventCard({ event }: { event: Event }) {
  const setStoredEvent = useEventDrafts((s) => s.setStoredEvent);
  const chip = dateChip(event.start_time);
  const badge = eventBadge(event);
  const store = () => setStoredEvent(event);
  const soldShare =
    event.max_tickets > 0 ? Math.min(100, Math.round((event.tickets_bought / event.max_tickets) * 100)) : 0;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-brand-700 has-[a:focus-visible]:ring-offset-2">
      <div className="relative aspect-[2/1] bg-slate-100">
        {event.image_card || event.image ? (
          <img
            src={event.image_card ?? event.image ?? ''}
            alt=""
            loading="lazy"
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-slate-400">
            <ImageOff className="h-8 w-8" aria-hidden />
          </div>
        )}
        <span
          className={clsx(
            'absolute right-3 top-3 rounded-full px-2.5 py-1 text-xs font-semibold',
            toneClass[badge.tone],
          )}
        >
          {badge.label}
        </span>
      </div>
      <div className="flex flex-1 gap-4 p-4">
        <div
          className="flex h-14 w-12 shrink-0 flex-col items-center justify-center rounded-lg bg-brand-50 text-brand-800"
          aria-hidden
        >
          <span className="text-xs font-semibold uppercase">{chip.month}</span>
          <span className="text-lg font-bold leading-none">{chip.day}</span>
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 font-semibold text-ink">
            <Link
              to={routes.eventViewStep(1)}
              onClick={store}
              className="after:absolute after:inset-0 focus-visible:outline-none"
            >
              {event.title}
            </Link>
          </h3>
          <p className="mt-0.5 text-xs text-slate-500">{formatDateRange(event.start_time, event.end_time)}</p>
          {event.short_description && (
            <p className="mt-2 line-clamp-2 text-sm text-slate-600">{event.short_description}</p>
          )}
        </div>
      </div>
      <div className="px-4 pb-4">
        <p className="text-sm font-medium text-slate-700">
          {event.tickets_bought} of {countOf(event.max_tickets, 'ticket')} sold
        </p>
        <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${soldShare}%` }} />
        </div>
      </div>
      <div className="flex items-center justify-end gap-4 border-t border-slate-100 px-4 py-3 text-sm">
        <span className="relative z-10 flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
          <Link
            to={routes.eventTickets(event.id)}
            onClick={store}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            <Ticket className="h-4 w-4" aria-hidden />
            Tickets
          </Link>
          <Link
            to={routes.eventQuestions(event.id)}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            <Info className="h-4 w-4" aria-hidden />
            Questions
          </Link>
          <Link
            to={routes.eventOrders(event.id)}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            <ReceiptText className="h-4 w-4" aria-hidden />
            Orders
          </Link>
          <Link
            to={routes.eventMessages(event.id)}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            <Send className="h-4 w-4" aria-hidden />
            Messages
          </Link>
          <Link
            to={routes.eventCertificates(event.id)}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            <Award className="h-4 w-4" aria-hidden />
            Certificates
          </Link>
          <Link
            to={routes.eventBadges(event.id)}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            <IdCard className="h-4 w-4" aria-hidden />
            Badges
          </Link>
          {/* Issue 27: the event's codes (its waiting lists are one link from there). */}
          <Link
            to={routes.eventCodes(event.id)}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            <BadgePercent className="h-4 w-4" aria-hidden />
            Codes
          </Link>
          {event.status === EVENT_STATUS.published && (
            <Link
              to={routes.details(event.id, event.slug)}
              className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
            >
              <ExternalLink className="h-4 w-4" aria-hidden />
              View
            </Link>
          )}
        </span>
      </div>
    </article>
  );
}
