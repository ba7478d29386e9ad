import { lazy, Suspense, useState } from 'react';
import { Ticket } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useSession, useSignOut } from '../../accounts';
import { useETickets } from '../api/etickets';
import { BookingCard } from '../components/booking-card';
import type { EnlargedQr } from '../components/qr-dialog';

/** The full-screen code loads on the first tap. */
const QrDialog = lazy(() => import('../components/qr-dialog'));

function Loading() {
  return (
    <div role="status" aria-label="Loading your tickets" className="space-y-6">
      <p className="sr-only">Loading your tickets...</p>
      {[0, 1].map((i) => (
        <div key={i} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_200px]">
            <div className="space-y-3">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-6 w-3/4" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-10 w-full max-w-sm" />
            </div>
            <Skeleton className="mx-auto h-44 w-44" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * A guest who is not signed in sees the tickets their checkout key reaches: bought on this
 * device. Signing in shows every ticket of their email anywhere; on a shared device they can
 * have this one forget the key (docs/product.md#guest-checkout).
 */
function GuestNote() {
  const navigate = useNavigate();
  const signOut = useSignOut('buyer');
  return (
    <div className="mb-8 rounded-xl border border-slate-200 bg-surface px-4 py-3 text-sm text-slate-700">
      <p>
        You are not signed in: these are the tickets bought as a guest on this device.{' '}
        <Link
          to={routes.login}
          state={{ from: routes.myTickets }}
          className="font-medium text-brand-700 hover:underline"
        >
          Sign in
        </Link>{' '}
        with your email to see all your tickets, anywhere.
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        onClick={() => {
          // Ended in the background (the key is dropped here whatever the server says); this
          // page, which shows nothing without the key, gives way to the home page at once.
          signOut.mutate();
          void navigate(routes.home);
        }}
      >
        Forget these tickets on this device
      </Button>
    </div>
  );
}

/**
 * docs/product.md#routes-and-screens `/account/tickets`: the paid bookings of the session (a
 * buyer's, or a guest's checkout key), upcoming events first, each with its QR codes, PDF,
 * calendar file and order; past events below, quieter. Guarded by the router.
 */
export default function MyTicketsPage() {
  useTitle('E-tickets');
  const query = useETickets();
  const guest = useSession((s) => !s.token && Boolean(s.checkoutKey));
  const [enlarged, setEnlarged] = useState<EnlargedQr | null>(null);

  let body;
  if (query.isPending) body = <Loading />;
  else if (query.isError)
    body = <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <EmptyState
        title="No tickets yet"
        action={
          <ButtonLink to={routes.allEvents} size="lg">
            Browse Events
          </ButtonLink>
        }
      >
        Tickets you book appear here with their QR codes, ready to show at the door.
      </EmptyState>
    );
  else {
    const upcoming = query.data.filter((b) => !b.ended);
    const past = query.data.filter((b) => b.ended);
    body = (
      <>
        {upcoming.length > 0 ? (
          <section aria-labelledby="upcoming-heading">
            <h2 id="upcoming-heading" className="sr-only">
              Upcoming events
            </h2>
            <div className="space-y-8">
              {upcoming.map((b) => (
                <BookingCard key={b.booking.booking_id} booking={b} onEnlarge={setEnlarged} />
              ))}
            </div>
          </section>
        ) : (
          <EmptyState
            title="No upcoming events"
            action={
              <ButtonLink to={routes.allEvents} size="lg">
                Browse Events
              </ButtonLink>
            }
          >
            The events you have tickets for are over. Find your next one.
          </EmptyState>
        )}
        {past.length > 0 && (
          <section aria-labelledby="past-heading" className="mt-16">
            <h2 id="past-heading" className="text-lg font-bold text-slate-600">
              Past events
            </h2>
            <p className="mt-1 text-sm text-slate-500">Kept for your records. These events are over.</p>
            <div className="mt-5 space-y-6">
              {past.map((b) => (
                <BookingCard key={b.booking.booking_id} booking={b} past onEnlarge={setEnlarged} />
              ))}
            </div>
          </section>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 pt-10 sm:px-6 md:pb-24 md:pt-14">
      <header className="mb-8 flex items-start gap-3">
        <span className="hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:flex">
          <Ticket className="h-6 w-6" aria-hidden />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight">E-tickets</h1>
          <p className="mt-1 text-slate-600">
            Show a QR code at the door: the booking&rsquo;s code admits everyone on it, or each guest uses their own
            ticket. Tap a code to enlarge it.
          </p>
        </div>
      </header>
      {guest && <GuestNote />}
      {body}
      {enlarged && (
        <Suspense fallback={null}>
          <QrDialog qr={enlarged} onClose={() => setEnlarged(null)} />
        </Suspense>
      )}
    </div>
  );
}
