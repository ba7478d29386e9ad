import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routes } from '../../../lib/routes';

/** The heading of an event's codes and waiting-list pages, with the ways to its other pages. */
export function EventToolsHeader({
  title,
  eventId,
  eventTitle,
  action,
}: {
  title: string;
  eventId: number;
  eventTitle?: string;
  action?: ReactNode;
}) {
  const link = 'font-semibold text-brand-700 hover:underline';
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <div className="mt-1 text-slate-600">
          {eventTitle && (
            <>
              For <span className="font-medium text-ink">{eventTitle}</span> ·{' '}
            </>
          )}
          <Link to={routes.eventTickets(eventId)} className={link}>
            Tickets
          </Link>{' '}
          ·{' '}
          {title === 'Codes' ? (
            <Link to={routes.eventWaitlist(eventId)} className={link}>
              Waiting lists
            </Link>
          ) : (
            <Link to={routes.eventCodes(eventId)} className={link}>
              Codes
            </Link>
          )}{' '}
          ·{' '}
          <Link to={routes.eventOrders(eventId)} className={link}>
            Orders
          </Link>
        </div>
      </div>
      {action}
    </header>
  );
}
