import type {
  Attendee,
  BookingCreated,
  ETicket,
  ETicketItem,
  Event,
  Question,
  StoredBooking,
  TicketAttendee,
  TicketType,
} from '@tikiti/contract';

/**
 * An open ticket type, as the API sends it. The fixtures' prices are ones floats get wrong
 * (19.99, 33.33): totals must be added in minor units (packages/contract/src/money.ts).
 */
export function ticketFixture(overrides: Partial<TicketType> = {}): TicketType {
  return {
    id: 11,
    name: 'Delegate',
    no_of_persons: 1,
    price_per_ticket: 19.99,
    max_tickets: 100,
    status: 1,
    tickets_bought: 0,
    available: 100,
    ...overrides,
  };
}

/** A published event on 12 March 2026, 09:00–17:00 Nairobi time, as the API sends it. */
export function eventFixture(overrides: Partial<Event> = {}): Event {
  return {
    id: 7,
    title: 'East Africa Fintech Summit',
    slug: 'east-africa-fintech-summit',
    image: null,
    image_card: null,
    start_time: '2026-03-12T06:00:00.000Z',
    end_time: '2026-03-12T14:00:00.000Z',
    location: 'KICC, Nairobi',
    coordinates: null,
    full_description: 'Two tracks and a networking evening.',
    short_description: 'Payments, lending and regulation.',
    currency: 'USD',
    category_id: 1,
    category: { id: 1, name: 'Conferences' },
    organizer: { id: 3, display_name: 'Fintech Kenya', slug: 'fintech-kenya' },
    status: 1,
    tickets_bought: 0,
    max_tickets: 150,
    price_from: 19.99,
    sold_out: false,
    ended: false,
    created_at: '2026-01-05T08:00:00.000Z',
    tickets: [
      ticketFixture(),
      ticketFixture({ id: 12, name: 'VIP', price_per_ticket: 33.33, max_tickets: 50, available: 50 }),
    ],
    attendee_names: 'later',
    changes_lock_hours: 24,
    invoice_payment_days: 0,
    invoice_payment_until: null,
    questions: [],
    ...overrides,
  };
}

/** The 201 of POST v1/event/book for the fixture event's two Delegate tickets, held for 15 minutes from `now`. */
export function bookingCreatedFixture(overrides: Partial<BookingCreated> = {}, now = Date.now()): BookingCreated {
  return {
    client_secret: 'pi_sbx_1_secret_abc',
    booking_reference: 'TK-7Q2M9X',
    hold_expires_at: new Date(now + 15 * 60_000).toISOString(),
    payment_method: 'card',
    provider: 'sandbox',
    price: 39.98,
    currency: 'USD',
    due_at: null,
    proforma_url: null,
    ...overrides,
  };
}

/** POST v1/booking/retrieve for a paid booking of the fixture event. */
export function storedBookingFixture(overrides: Partial<StoredBooking> = {}): StoredBooking {
  return {
    reference: 'TK-7Q2M9X',
    status: 2,
    currency: 'USD',
    price: 73.31,
    payment_method: 'card',
    payment_status: 'succeeded',
    payment_error: null,
    receipt_number: null,
    hold_expires_at: '2026-03-01T08:15:00.000Z',
    paid_at: '2026-03-01T08:03:00.000Z',
    full_name: 'Wanjiku Kamau',
    company: null,
    invoice_url: null,
    proforma_url: null,
    due_at: null,
    amount_owed: 0,
    tickets: [
      { name: 'Delegate', no_of_persons: 1, price_per_ticket: 19.99, quantity: 2 },
      { name: 'VIP', no_of_persons: 1, price_per_ticket: 33.33, quantity: 1 },
    ],
    event: {
      id: 7,
      title: 'East Africa Fintech Summit',
      slug: 'east-africa-fintech-summit',
      start_time: '2026-03-12T06:00:00.000Z',
      end_time: '2026-03-12T14:00:00.000Z',
      location: 'KICC, Nairobi',
      short_description: 'Payments, lending and regulation.',
      image_card: null,
    },
    ...overrides,
  };
}

/** An organiser's question (docs/product.md#delegates-and-questions): a required text asked of each delegate. */
export function questionFixture(overrides: Partial<Question> = {}): Question {
  return {
    id: 31,
    kind: 'text',
    label: 'Dietary needs',
    required: true,
    scope: 'attendee',
    options: [],
    ticket_type_ids: [],
    ...overrides,
  };
}

/** A ticket's delegate: named Wanjiku Kamau (the buyer) unless told otherwise. */
export function attendeeFixture(overrides: Partial<TicketAttendee> = {}): TicketAttendee {
  return {
    full_name: 'Wanjiku Kamau',
    email: null,
    msisdn: null,
    company: null,
    job_title: null,
    named: true,
    answers: [],
    ...overrides,
  };
}

/** One e-ticket of GET v1/tickets/view, of the fixture booking. */
export function eTicketItemFixture(overrides: Partial<ETicketItem> = {}): ETicketItem {
  const id = overrides.id ?? 501;
  return {
    id,
    code: `TK1.ticket-${id}.signature`,
    qr: `/v1/tickets/qr/${id}.png?sig=1773302400000.abc`,
    reference: `TK-7Q2M9X-${id - 500}`,
    ticket_type: 'Delegate',
    ticket_type_id: 11,
    admits: 1,
    holder_name: 'Wanjiku Kamau',
    revoked: false,
    attendee: attendeeFixture({ full_name: overrides.holder_name ?? 'Wanjiku Kamau' }),
    certificate: null,
    ...overrides,
  };
}

/** A paid booking of GET v1/tickets/view: the fixture event, two Delegate tickets and a VIP one. */
export function eTicketFixture(overrides: Partial<ETicket> = {}): ETicket {
  return {
    code_link: '/v1/tickets/qr/TK-7Q2M9X.png?sig=1773302400000.abc',
    booking_code: 'TK1.booking.signature',
    link: '/v1/booking/TK-7Q2M9X/tickets.pdf?sig=1773302400000.abc',
    event_id: 7,
    slug: 'east-africa-fintech-summit',
    title: 'East Africa Fintech Summit',
    start_time: '2026-03-12T06:00:00.000Z',
    end_time: '2026-03-12T14:00:00.000Z',
    location: 'KICC, Nairobi',
    short_description: 'Payments, lending and regulation.',
    image_card: null,
    ended: false,
    holder_name: 'Wanjiku Kamau',
    booking: {
      payment_method: 'card',
      booking_id: 'TK-7Q2M9X',
      currency: 'USD',
      price: 73.31,
      receipt_number: null,
      invoice_url: null,
      proforma_url: null,
      tickets: [
        { name: 'Delegate', no_of_persons: 1, price_per_ticket: 19.99, quantity: 2 },
        { name: 'VIP', no_of_persons: 1, price_per_ticket: 33.33, quantity: 1 },
      ],
    },
    tickets: [
      eTicketItemFixture({ id: 501 }),
      eTicketItemFixture({ id: 502 }),
      eTicketItemFixture({ id: 503, ticket_type: 'VIP', ticket_type_id: 12 }),
    ],
    attendee_names: 'later',
    // A day before the start (the event's lock of 24 hours).
    changes_until: '2026-03-11T06:00:00.000Z',
    questions: [],
    ...overrides,
  };
}

/** One row of the organiser's attendees list (GET v1/client/event/{id}/attendees): a named delegate's Regular ticket. */
export function attendeeRowFixture(overrides: Partial<Attendee> = {}): Attendee {
  return {
    id: 901,
    holder_name: 'Wanjirũ Kamau',
    email_address: 'wanjiru@example.co.ke',
    delegate_email: 'wanjiru@example.co.ke',
    msisdn: null,
    company: null,
    job_title: null,
    named: true,
    changed: false,
    answers: [],
    ticket_type: 'Regular',
    ticket_type_id: 21,
    admits: 1,
    booking_id: 1,
    booking_reference: 'TK-AAAAAAA',
    ticket_number: 1,
    tickets_in_booking: 1,
    revoked: false,
    checked_in_at: null,
    checked_in_device: null,
    ...overrides,
  };
}
