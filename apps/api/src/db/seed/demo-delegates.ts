import type { DemoQuestion } from './demo-data.js';
import { seededRandom } from './demo-images.js';
import { FIRST_NAMES, LAST_NAMES } from './demo-sales.js';

/**
 * The delegates of the demo bookings of events that ask for them (docs/product.md#delegates-and-questions):
 * colleagues of one company per booking, their answers, and now and then a ticket left to be named
 * (never at an event that wants names at checkout). Pure: the seed writes the plan.
 */

const COMPANIES = [
  'Safaricom PLC',
  'Equity Bank',
  'KCB Group',
  'Kenya Airways',
  'East African Breweries',
  'Twiga Foods',
  'M-Kopa',
  'Cellulant',
  'Britam',
  'Jubilee Insurance',
  'Bamburi Cement',
  'Kenya Power',
  'NCBA Bank',
  'Co-operative Bank',
  'Sendy',
  'Nation Media Group',
];

const JOB_TITLES = [
  'Head of Data',
  'Software Engineer',
  'Finance Manager',
  'HR Business Partner',
  'Chief Risk Officer',
  'Product Manager',
  'Operations Lead',
  'Compliance Officer',
  'Procurement Officer',
  'Marketing Manager',
  'Payments Analyst',
  'Country Director',
];

/** One ticket of a demo booking: its booking, line and place in the line. */
export interface DelegatePlace {
  bookingId: number;
  eventId: number;
  buyerName: string;
  lineId: number;
  seq: number;
}

/** A saved demo question, with the event it belongs to. */
export type SavedQuestion = DemoQuestion & { id: number; eventId: number };

export interface PlannedDelegate {
  bookingId: number;
  bookingLineId: number;
  seq: number;
  fullName: string;
  email: string | null;
  company: string | null;
  jobTitle: string | null;
  named: boolean;
  answers: { questionId: number; value: unknown }[];
}

export function planDemoDelegates(
  places: DelegatePlace[],
  questions: SavedQuestion[],
  namesAtCheckout: Set<number>,
  seed = 20_261_124,
): { delegates: PlannedDelegate[]; orderAnswers: { bookingId: number; questionId: number; value: unknown }[] } {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const answerTo = (q: SavedQuestion, first: string): unknown => {
    switch (q.kind) {
      case 'single_choice':
        return random() < 0.6 ? q.options![0]! : pick(q.options!.slice(1));
      case 'multi_choice':
        return q.options!.filter(() => random() < 0.45);
      case 'checkbox':
        return random() < 0.55;
      case 'text':
        return first;
    }
  };
  const delegates: PlannedDelegate[] = [];
  const orderAnswers: { bookingId: number; questionId: number; value: unknown }[] = [];
  const byBooking = new Map<number, DelegatePlace[]>();
  for (const p of places) byBooking.set(p.bookingId, [...(byBooking.get(p.bookingId) ?? []), p]);
  for (const [bookingId, tickets] of byBooking) {
    const eventId = tickets[0]!.eventId;
    const asked = questions.filter((q) => q.eventId === eventId);
    const company = pick(COMPANIES);
    // Now and then a booking leaves its last ticket, or its only one, to be named.
    const unnamed = namesAtCheckout.has(eventId) ? 0 : random() < 0.3 ? 1 : 0;
    tickets.forEach((place, i) => {
      const named = i < tickets.length - unnamed;
      if (!named) {
        delegates.push({
          bookingId,
          bookingLineId: place.lineId,
          seq: place.seq,
          fullName: place.buyerName,
          email: null,
          company: null,
          jobTitle: null,
          named: false,
          answers: [],
        });
        return;
      }
      // The buyer often goes too, on the first ticket.
      const [first, last] =
        i === 0 && random() < 0.3
          ? (place.buyerName.split(' ') as [string, string])
          : [pick(FIRST_NAMES), pick(LAST_NAMES)];
      delegates.push({
        bookingId,
        bookingLineId: place.lineId,
        seq: place.seq,
        fullName: `${first} ${last}`,
        email: random() < 0.85 ? `${first}.${last}@example.co.ke`.toLowerCase() : null,
        company,
        jobTitle: random() < 0.8 ? pick(JOB_TITLES) : null,
        named: true,
        answers: asked
          .filter((q) => q.scope === 'attendee')
          .map((q) => ({ questionId: q.id, value: answerTo(q, first) }))
          // Blank answers are not kept (an unticked box, no track chosen).
          .filter((a) => a.value !== false && !(Array.isArray(a.value) && a.value.length === 0)),
      });
    });
    for (const q of asked.filter((x) => x.scope === 'order')) {
      if (q.label.startsWith('Company')) orderAnswers.push({ bookingId, questionId: q.id, value: company });
      else if (random() < 0.5) {
        orderAnswers.push({ bookingId, questionId: q.id, value: `PO-${1000 + Math.floor(random() * 9000)}` });
      }
    }
  }
  return { delegates, orderAnswers };
}
