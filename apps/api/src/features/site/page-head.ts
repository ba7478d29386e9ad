import { DETAILS_IMAGE_SIZES, slugify, toNairobiLocal, type Event, type OrganizerPage } from '@tikiti/contract';
import { escapeHtml } from '../mail/index.js';

/** What a page tells a crawler or a link preview before any script runs. */
export interface PageHead {
  title: string;
  description: string;
  /** Path of the page's one address (canonical), e.g. /details/12/nairobi-fintech-summit. */
  path: string;
  /** Absolute or root-relative URL of the preview image. */
  image?: string;
  /** The page's largest picture (its LCP), fetched before any script asks for it. */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
  jsonLd?: unknown;
  /** Scripts of a page loaded on demand, fetched with the app's own (`/assets/….js`). */
  modulePreloads?: string[];
  /** 404 for a page that does not exist (an unknown or unpublished event). */
  status?: number;
  /** Private pages (organiser, account, payment) ask search engines to stay out. */
  noindex?: boolean;
}

export const SITE_NAME = 'Tikiti';
const DEFAULT_DESCRIPTION = 'Tikiti: online event ticketing for corporate and professional events in Kenya.';

/** The heads of the fixed public pages; everything else gets the home page's. */
const FIXED: Record<string, Omit<PageHead, 'path'>> = {
  '/': { title: 'Tikiti · Online Event Ticketing, Simplified', description: DEFAULT_DESCRIPTION },
  '/all-events': {
    title: 'Upcoming events · Tikiti',
    description: 'Conferences, summits, trainings and networking evenings across Kenya: find one and book your seat.',
  },
  '/about-us': {
    title: 'About us · Tikiti',
    description: 'Why Tikiti: ticketing made easy for organisers and attendees of professional events in Kenya.',
  },
  '/talk-to-us': {
    title: 'Contact · Tikiti',
    description: 'Talk to the Tikiti team: email, phone or the contact form.',
  },
  '/blog': { title: 'Blog · Tikiti', description: 'News and guides for event organisers and attendees in Kenya.' },
  '/privacy-policy': {
    title: 'Privacy policy · Tikiti',
    description: 'What personal data Tikiti keeps, why, and for how long.',
  },
};

export function fixedPageHead(path: string): PageHead | undefined {
  const head = FIXED[path];
  return head && { ...head, path };
}

/** An instant in Nairobi time with its offset, as schema.org wants dates: 2026-03-12T09:00:00+03:00. */
const nairobiIso = (iso: string) => `${toNairobiLocal(iso)}:00+03:00`;

/**
 * An event's page as a link preview shows it (title, description, image) and its schema.org
 * `Event` for rich results: dates with their time zone, the place in Kenya, one offer per
 * ticket type with its price, currency and availability, and the organiser.
 */
export function eventPageHead(event: Event, publicUrl: string, now = Date.now()): PageHead {
  const path = `/details/${event.id}/${slugify(event.title)}`;
  const description = (event.short_description || event.full_description).replace(/\s+/g, ' ').trim().slice(0, 200);
  const image = event.image ? `${publicUrl}${event.image}` : undefined;
  const preloadImage = event.image
    ? { href: event.image, srcset: event.image_srcset ?? undefined, sizes: DETAILS_IMAGE_SIZES }
    : undefined;
  const ended = Date.parse(event.end_time) <= now;
  return {
    title: `${event.title} · ${SITE_NAME}`,
    description: description || DEFAULT_DESCRIPTION,
    path,
    image,
    preloadImage,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: event.title,
      description: description || undefined,
      startDate: nairobiIso(event.start_time),
      endDate: nairobiIso(event.end_time),
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: event.location,
        address: { '@type': 'PostalAddress', streetAddress: event.location, addressCountry: 'KE' },
      },
      image: image ? [image] : undefined,
      organizer: { '@type': 'Organization', name: event.organizer.display_name, url: publicUrl },
      offers: event.tickets.map((t) => ({
        '@type': 'Offer',
        name: t.name,
        price: t.price_per_ticket.toFixed(2),
        priceCurrency: event.currency,
        availability: ended
          ? 'https://schema.org/Discontinued'
          : t.available > 0
            ? 'https://schema.org/InStock'
            : 'https://schema.org/SoldOut',
        url: `${publicUrl}${path}`,
        validFrom: event.created_at,
      })),
    },
  };
}

/**
 * An organiser's page, /o/{slug}, as a link preview shows it: their name, their description (or
 * how many events they have coming up), their logo; schema.org `Organization`.
 */
export function organizerPageHead({ organizer, upcoming }: OrganizerPage, publicUrl: string): PageHead {
  const path = `/o/${organizer.slug}`;
  const about = organizer.description.replace(/\s+/g, ' ').trim().slice(0, 200);
  const coming = upcoming.length === 1 ? '1 upcoming event' : `${upcoming.length} upcoming events`;
  const image = organizer.logo ? `${publicUrl}${organizer.logo}` : undefined;
  return {
    title: `${organizer.display_name} · ${SITE_NAME}`,
    description: about || `Events by ${organizer.display_name} on Tikiti: ${coming}.`,
    path,
    image,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: organizer.display_name,
      description: about || undefined,
      url: `${publicUrl}${path}`,
      logo: image,
    },
  };
}

const attr = (value: string) => escapeHtml(value);

/**
 * The shell with the page's head: its title and description replace the shell's, then the
 * canonical address, Open Graph and Twitter card tags and the JSON-LD go before `</head>`.
 * Everything user-written is escaped; the JSON-LD cannot close its script element.
 */
export function renderShell(shell: string, head: PageHead, publicUrl: string): string {
  const url = `${publicUrl}${head.path}`;
  const tags = [
    `<link rel="canonical" href="${attr(url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${attr(head.title)}" />`,
    `<meta property="og:description" content="${attr(head.description)}" />`,
    `<meta property="og:url" content="${attr(url)}" />`,
    ...(head.image ? [`<meta property="og:image" content="${attr(head.image)}" />`] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${attr(head.title)}" />`,
    `<meta name="twitter:description" content="${attr(head.description)}" />`,
    ...(head.image ? [`<meta name="twitter:image" content="${attr(head.image)}" />`] : []),
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(head.preloadImage
      ? [
          `<link rel="preload" as="image" href="${attr(head.preloadImage.href)}"${
            head.preloadImage.srcset
              ? ` imagesrcset="${attr(head.preloadImage.srcset)}" imagesizes="${attr(head.preloadImage.sizes ?? '100vw')}"`
              : ''
          } fetchpriority="high" />`,
        ]
      : []),
    ...(head.modulePreloads ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${attr(href)}" />`),
    ...(head.jsonLd
      ? [`<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>`]
      : []),
  ];
  // Functions, not strings: `$&`, `$'` and their kind in an organiser's text are never read as
  // replacement patterns (which would paste parts of the shell into the title).
  return shell
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${attr(head.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${attr(head.description)}" />`)
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}
