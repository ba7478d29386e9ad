import { Link } from 'react-router';
import { CalendarDays, MapPin } from 'lucide-react';
import type { EventCardData } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { dateChip, formatDay, formatMoney } from '../../../lib/format';
import { Skeleton } from '../../../components/ui/states';

/** "From USD 25.00" (the lowest price still on sale), "Sold out", "Free" or a plain note when nothing is on sale. */
export function priceFromLabel(event: Pick<EventCardData, 'price_from' | 'currency' | 'sold_out'>): string {
  if (event.sold_out) return 'Sold out';
  if (event.price_from === null) return 'Tickets not on sale';
  if (event.price_from === 0) return 'Free';
  return `From ${formatMoney(event.price_from, event.currency)}`;
}

/** Day and short month of the start, as a chip over the image (docs/product.md#look-and-feel). */
export function DateChip({ iso, className }: { iso: string; className?: string }) {
  const { day, month } = dateChip(iso);
  return (
    <time
      dateTime={iso}
      className={`flex w-14 flex-col items-center rounded-xl bg-white py-1.5 text-center shadow-md ${className ?? ''}`}
    >
      <span className="text-xl font-bold leading-none text-ink" aria-hidden>
        {day}
      </span>
      <span className="mt-0.5 text-xs font-semibold uppercase tracking-wide text-brand-700" aria-hidden>
        {month}
      </span>
      <span className="sr-only">{formatDay(iso)}</span>
    </time>
  );
}

/** An event image at 2:1, or a calm placeholder when the event has none. */
/** The card's image on screen: the whole width on a phone, half on a tablet, a third from 1024 px. */
export const CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/**
 * An event's picture, 2:1. With `srcSet` the browser picks the WebP width that fits the screen.
 * `priority`: the page's largest picture (its LCP): fetched at once, before other images.
 */
export function EventImage({
  src,
  srcSet,
  sizes,
  alt,
  eager,
  priority,
  className,
}: {
  src: string | null;
  srcSet?: string | null;
  sizes?: string;
  alt: string;
  eager?: boolean;
  priority?: boolean;
  className?: string;
}) {
  if (!src) {
    return (
      <div
        className={`flex aspect-[2/1] items-center justify-center bg-gradient-to-br from-brand-700 to-brand-900 ${className ?? ''}`}
      >
        <CalendarDays className="h-10 w-10 text-brand-200" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      width={800}
      height={400}
      className={`aspect-[2/1] w-full bg-slate-100 object-cover ${className ?? ''}`}
    />
  );
}

/** docs/product.md#buyer-side event card: image, date chip, title, short description, location, price; opens the details. */
export function EventCard({
  event,
  headingLevel = 3,
  eager,
  priority,
}: {
  event: EventCardData;
  headingLevel?: 2 | 3;
  /** In the first row: loaded without waiting to scroll into view. */
  eager?: boolean;
  /** The first card: the page's largest picture. */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-brand-700 has-[a:focus-visible]:ring-offset-2">
      <div className="relative overflow-hidden">
        <EventImage
          src={event.image_card ?? event.image}
          srcSet={event.image_card ? event.image_card_srcset : undefined}
          sizes={CARD_SIZES}
          alt={event.title}
          eager={eager}
          priority={priority}
          className="transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <DateChip iso={event.start_time} className="absolute right-3 top-3" />
        {event.sold_out && (
          <span className="absolute left-3 top-3 rounded-full bg-ink/85 px-2.5 py-1 text-xs font-semibold uppercase tracking-wide text-white">
            Sold out
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4 sm:p-5">
        {event.category && (
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{event.category.name}</p>
        )}
        <Heading className="mt-1 line-clamp-2 text-lg font-semibold leading-snug text-ink">
          <Link
            to={routes.details(event.id, event.slug)}
            className="after:absolute after:inset-0 focus-visible:outline-none group-hover:text-brand-700"
          >
            {event.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-2 text-sm leading-6 text-slate-600">{event.short_description}</p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-2 pt-4">
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600">
            <MapPin className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
            <span className="truncate">{event.location}</span>
          </p>
          <p className={`shrink-0 text-sm font-semibold ${event.sold_out ? 'text-amber-800' : 'text-ink'}`}>
            {priceFromLabel(event)}
          </p>
        </div>
      </div>
    </article>
  );
}

export function EventCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-hidden>
      <Skeleton className="aspect-[2/1] rounded-none" />
      <div className="space-y-3 p-4 sm:p-5">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <div className="flex justify-between pt-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-20" />
        </div>
      </div>
    </div>
  );
}
