/** Business constants of docs/product.md#business-constants-and-limits, shared by the API and the web app. */

export const EVENT_STATUS = { published: 1, draft: 2, cancelled: 3 } as const;
export type EventStatus = (typeof EVENT_STATUS)[keyof typeof EVENT_STATUS];

export const TICKET_STATUS = { open: 1, deleted: 3 } as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];

/**
 * docs/product.md#booking-status. 6 "awaiting payment": a company's booking paid by invoice,
 * its seats held until the due date (docs/product.md#pay-by-invoice).
 */
export const BOOKING_STATUS = {
  pending: 1,
  paid: 2,
  failed: 3,
  cancelled: 4,
  refunded: 5,
  awaiting_payment: 6,
} as const;
export type BookingStatus = (typeof BOOKING_STATUS)[keyof typeof BOOKING_STATUS];

/** How a booking's state is named to people, everywhere a state is shown. */
export const BOOKING_STATUS_WORDS: Record<BookingStatus, string> = {
  1: 'Pending',
  2: 'Paid',
  3: 'Failed or expired',
  4: 'Cancelled',
  5: 'Refunded',
  6: 'Awaiting payment',
};

/** `invoice`: a company pays later, on a proforma invoice, by bank, cheque or M-Pesa paybill. */
export const PAYMENT_METHODS = ['card', 'mpesa', 'paypal', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** `operator`: a person who runs the platform (docs/decisions/0031-payout-safeguards.md), in no organisation. */
export const ACCOUNT_TYPES = ['user', 'organizer', 'operator'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** USD, and Kenyan shillings (shown whole, paid with M-Pesa or a card). */
export const CURRENCIES = ['USD', 'KES'] as const;
export type Currency = (typeof CURRENCIES)[number];
/**
 * A new event's currency before the organisation has chosen one: shillings, on a Kenyan
 * marketplace (and the dashboard's zero before a first sale). After that, the currency of the
 * organisation's newest event (docs/product.md#organiser-flows). Never a stand-in for a currency
 * that is not known: that is an error (`parseCurrency`).
 */
export const NEW_EVENT_CURRENCY: Currency = 'KES';

export const PAGE_SIZE = {
  /** Public events list: starts at 6 and grows by 6 per Load More. */
  publicInitial: 6,
  publicStep: 6,
  organiser: 10,
  max: 100,
} as const;

export const DELAYS_MS = {
  cardMessage: 4000,
  redirectAfterConflict: 2500,
  redirectAfterTicketUpdate: 2000,
} as const;

export const LIMITS = {
  imageMaxBytes: 10 * 1024 * 1024,
  imageRecommended: { width: 2160, height: 1080 },
  imageTypes: ['image/jpeg', 'image/png'] as const,
  passwordMin: 8,
  passwordMax: 128,
  codeLength: 6,
  codeTtlMinutes: 10,
  inviteTtlDays: 7,
  codeMaxAttempts: 5,
  holdMinutes: 15,
  sessionDays: 30,
  /** An organiser's session ends after this long unused (docs/security.md#sessions). */
  sessionIdleHours: 12,
  /** How long a re-entered password opens the calls that ask for it, for that session. */
  confirmMinutes: 5,
  /** How long the second step of a sign-in (the authenticator code) may wait after the password. */
  pendingSignInMinutes: 5,
  /** One-time recovery codes given when two-factor sign-in is turned on. */
  recoveryCodes: 10,
  titleMax: 150,
  locationMax: 200,
  shortDescriptionMax: 500,
  fullDescriptionMax: 20000,
  nameMax: 100,
  messageMax: 5000,
  ticketsPerEventMax: 50,
  maxTicketsPerType: 100000,
  quantityPerLineMax: 20,
  priceMax: 1_000_000,
} as const;

/** The product's time zone (docs/product.md#dates-and-times). Kenya keeps UTC+3 all year, no daylight saving. */
export const TIME_ZONE = 'Africa/Nairobi';
export const NAIROBI_OFFSET_MINUTES = 180;

export const RETURN_PATH = '/payment/success';
export const AUTH_HEADER = 'auth';

/**
 * The `sizes` of the picture on an event's details page (its largest element): the web page's
 * `<img>` and the server's `<link rel="preload">` must name the same, or the browser fetches twice.
 * Kept here rather than beside the event's schema, so the page need not load zod to read it
 * (docs/decisions/0022-main-thread-on-a-phone.md).
 */
export const DETAILS_IMAGE_SIZES = '(min-width: 1280px) 792px, (min-width: 1024px) calc(100vw - 488px), 100vw';

/**
 * Tax documents (docs/product.md#tax-documents). Ticket prices include VAT; a VAT-registered
 * organiser's invoice shows `vatRatePercent` inside each price (VAT = price × 16 / 116, rounded
 * to the currency's minor unit).
 */
export const TAX = {
  vatRatePercent: 16,
  /** The credit notes' number prefix (`CN-2026-000007`); the invoices' is the organiser's own (default `INV`). */
  creditNotePrefix: 'CN',
  defaultInvoicePrefix: 'INV',
  /** Digits of a document's sequence number (`INV-2026-000123`). */
  numberDigits: 6,
} as const;

/** Pay by invoice (docs/product.md#pay-by-invoice). */
export const INVOICE_PAYMENT = {
  /** `invoice_payment_days` of an event: 0 (not offered) or 1 to 14. */
  minDays: 1,
  maxDays: 14,
  /** The due date is never later than this many days before the event starts. */
  dueBeforeStartDays: 2,
  /** Reminder mails this many days before the due date. */
  reminderDaysBefore: [3, 1],
  /** Longest range of GET v1/client/invoices. */
  listMaxDays: 366,
} as const;
