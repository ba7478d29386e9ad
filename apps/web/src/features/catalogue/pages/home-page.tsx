import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, BadgeCheck, CreditCard, QrCode, Sparkles } from 'lucide-react';
import { DATE_PRESET_LABELS, DATE_PRESETS, datePresetRange, type DatePreset } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { Button, ButtonLink } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { EmptyState } from '../../../components/ui/states';
import { useTitle } from '../../../lib/use-title';
import { useCategories } from '../api/use-categories';
import { useEventPages, type EventListFilters } from '../api/use-events';
import { useOrganizers } from '../api/use-organizers';
import { EventResults } from '../components/event-results';

const highlights = [
  {
    icon: CreditCard,
    title: 'M-Pesa or card',
    text: 'Pay with M-Pesa on your phone or by card in a few steps; we never see your PIN or full card details.',
  },
  {
    icon: QrCode,
    title: 'E-tickets with QR codes',
    text: 'Tickets arrive by email and stay in your account, ready to scan at the door.',
  },
  {
    icon: BadgeCheck,
    title: 'Trusted organisers',
    text: 'Conferences, summits and trainings from organisers across Kenya.',
  },
];

function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div
        className="pointer-events-none absolute inset-0 opacity-[0.08] [background-image:radial-gradient(circle_at_1px_1px,white_1px,transparent_0)] [background-size:22px_22px]"
        aria-hidden
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-50 ring-1 ring-white/20">
            <Sparkles className="h-4 w-4 text-accent-400" aria-hidden />
            Your ticketing made easy
          </p>
          <h1 className="mt-6 text-4xl font-bold leading-tight tracking-tight sm:text-5xl lg:text-6xl">
            Online Event Ticketing, <span className="text-accent-400">Simplified.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-brand-50/90">
            Tikiti is the platform to create, manage and sell tickets for conferences, summits, trainings and
            professional events across Kenya, and the easiest way to book your seat.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={routes.allEvents} variant="accent" size="lg">
              Browse events
              <ArrowRight className="h-4 w-4" aria-hidden />
            </ButtonLink>
            <ButtonLink
              to={routes.register}
              size="lg"
              variant="secondary"
              className="border-white/30 bg-white/10 text-white hover:bg-white/20"
            >
              Host an event
            </ButtonLink>
          </div>
        </div>
        <TicketIllustration />
      </div>
    </section>
  );
}

/** A decorative e-ticket, drawn with markup so the hero needs no image download. */
function TicketIllustration() {
  return (
    <div className="relative mx-auto hidden w-full max-w-md lg:block" aria-hidden>
      <div className="absolute -right-4 top-6 h-full w-full rotate-3 rounded-3xl bg-accent-400/30" />
      <div className="relative rounded-3xl bg-white p-6 text-ink shadow-2xl">
        <div className="flex items-start justify-between">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">Conference</p>
            <p className="mt-1 text-xl font-bold leading-snug">East Africa Fintech Summit</p>
            <p className="mt-1 text-sm text-slate-500">KICC, Nairobi</p>
          </div>
          <div className="flex w-14 flex-col items-center rounded-xl bg-brand-50 py-1.5">
            <span className="text-xl font-bold leading-none">18</span>
            <span className="text-xs font-semibold uppercase text-brand-700">Jun</span>
          </div>
        </div>
        <div className="my-5 border-t-2 border-dashed border-slate-200" />
        <div className="flex items-center justify-between gap-6">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
            <div>
              <dt className="text-slate-500">Ticket</dt>
              <dd className="font-semibold">Delegate</dd>
            </div>
            <div>
              <dt className="text-slate-500">Admits</dt>
              <dd className="font-semibold">1 person</dd>
            </div>
            <div>
              <dt className="text-slate-500">Time</dt>
              <dd className="font-semibold">08:30 EAT</dd>
            </div>
            <div>
              <dt className="text-slate-500">Paid</dt>
              <dd className="font-semibold">USD 120.00</dd>
            </div>
          </dl>
          <div className="grid h-24 w-24 shrink-0 grid-cols-5 gap-1 rounded-lg bg-slate-50 p-2">
            {'1011010110111010110110101'.split('').map((bit, i) => (
              <span key={i} className={bit === '1' ? 'rounded-[2px] bg-ink' : ''} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

function Highlights() {
  return (
    <section className="border-b border-slate-200 bg-surface" aria-label="Why Tikiti">
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 md:grid-cols-3">
        {highlights.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <div>
              <p className="font-semibold">{title}</p>
              <p className="mt-1 text-sm leading-6 text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const ALL = '';

/** docs/product.md#buyer-side Browse events: category, organiser and date-preset dropdowns over a card grid. */
function BrowseEvents() {
  const [categoryId, setCategoryId] = useState(ALL);
  const [organizerId, setOrganizerId] = useState(ALL);
  const [preset, setPreset] = useState<DatePreset | typeof ALL>(ALL);
  const categories = useCategories();
  const organizers = useOrganizers();

  const filters: EventListFilters = {
    category_id: categoryId ? Number(categoryId) : undefined,
    organizer_id: organizerId ? Number(organizerId) : undefined,
    ...(preset ? datePresetRange(preset) : {}),
  };
  const events = useEventPages(filters);
  const filtered = Boolean(categoryId || organizerId || preset);
  const clearFilters = () => {
    setCategoryId(ALL);
    setOrganizerId(ALL);
    setPreset(ALL);
  };

  return (
    <section
      id="browse"
      className="mx-auto max-w-7xl scroll-mt-20 px-4 py-14 sm:px-6 md:py-20"
      aria-labelledby="browse-heading"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="browse-heading" className="text-3xl font-bold tracking-tight">
            Browse events
          </h2>
          <p className="mt-2 text-slate-600">Conferences, summits, trainings and networking across Kenya.</p>
        </div>
        <Link
          to={categoryId ? `${routes.allEvents}?category=${categoryId}` : routes.allEvents}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          See all events <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>

      <div
        className="mt-8 grid gap-4 rounded-2xl border border-slate-200 bg-surface p-4 sm:grid-cols-3 sm:p-5"
        role="group"
        aria-label="Filter events"
      >
        <SelectField label="Category" value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
          <option value={ALL}>All categories</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Organiser" value={organizerId} onChange={(e) => setOrganizerId(e.target.value)}>
          <option value={ALL}>All organisers</option>
          {organizers.data?.map((o) => (
            <option key={o.id} value={o.id}>
              {o.display_name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Date" value={preset} onChange={(e) => setPreset(e.target.value as DatePreset | typeof ALL)}>
          <option value={ALL}>All dates</option>
          {DATE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {DATE_PRESET_LABELS[p]}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="mt-8">
        <EventResults
          query={events}
          label="Events"
          empty={
            filtered ? (
              <EmptyState
                title="No events match these filters"
                action={
                  <Button variant="secondary" onClick={clearFilters}>
                    Clear filters
                  </Button>
                }
              >
                Try another category, organiser or date, or clear the filters to see every upcoming event.
              </EmptyState>
            ) : (
              <EmptyState
                title="No upcoming events yet"
                action={<ButtonLink to={routes.register}>Host an event</ButtonLink>}
              >
                New events are published all the time. Hosting one? Create it on Tikiti in minutes.
              </EmptyState>
            )
          }
        />
      </div>
    </section>
  );
}

function HostBanner() {
  return (
    <section className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 md:pb-20">
      <div className="flex flex-col items-start justify-between gap-6 rounded-3xl bg-ink px-6 py-10 text-white sm:px-10 md:flex-row md:items-center">
        <div>
          <h2 className="text-2xl font-bold">Hosting a conference or training?</h2>
          <p className="mt-2 max-w-xl text-slate-300">
            Create your event, set ticket types and prices, and sell by M-Pesa and card. Check attendees in with a
            phone.
          </p>
        </div>
        <ButtonLink to={routes.register} variant="accent" size="lg" className="shrink-0">
          Host an event
        </ButtonLink>
      </div>
    </section>
  );
}

export default function HomePage() {
  useTitle('');
  return (
    <>
      <Hero />
      <Highlights />
      <BrowseEvents />
      <HostBanner />
    </>
  );
}
