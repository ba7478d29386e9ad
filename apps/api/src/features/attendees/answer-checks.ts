import {
  answerProblem,
  appliesTo,
  isBlankAnswer,
  normaliseAnswer,
  normaliseMsisdn,
  type AnswerInput,
  type AnswerValue,
  type AttendeeDetails,
  type AttendeeNames,
  type BookEventBody,
  type QuestionRule,
} from '@tikiti/contract';
import { badRequest, invalidField } from '../../http/errors.js';

/**
 * How a booking's delegates and answers are checked (docs/product.md#delegates-and-questions),
 * before anything is held: the contract's `answerProblem` for every answer, the event's name rule,
 * and each required question answered where it is asked. A refusal is a 400 naming the path
 * (`answers.0.value`, `attendees.2.answers.0.value`, `attendees.2`) with the question's label.
 */

/** An answer as kept: the question and its normalised value. */
export interface CheckedAnswer {
  questionId: number;
  value: AnswerValue;
}

/** A delegate's details as kept, blanks as null. */
export interface CheckedDetails {
  fullName: string;
  email: string | null;
  msisdn: string | null;
  company: string | null;
  jobTitle: string | null;
  answers: CheckedAnswer[];
}

/** One named ticket of a booking: the `seq`-th ticket of its type. */
export interface PlannedAttendee extends CheckedDetails {
  ticketTypeId: number;
  seq: number;
}

/** The delegates a booking names (the rest are to be named) and the buyer's answers. */
export interface AttendeePlan {
  attendees: PlannedAttendee[];
  orderAnswers: CheckedAnswer[];
}

/** What the checks read of an event. */
export interface EventAttendeeRules {
  attendeeNames: AttendeeNames;
  /** Its questions being asked (not archived), in order. */
  questions: QuestionRule[];
}

/**
 * Answers to the questions `asked` (in order), checked: each names a question asked, once, with an
 * answer `answerProblem` accepts; each required one is answered. Blank answers to questions that
 * are not required are dropped. `path` prefixes the field paths; `missingPath` is where a missing
 * required answer is reported.
 */
export function checkAnswers(
  asked: QuestionRule[],
  answers: AnswerInput[],
  path: string,
  missingPath: string,
): CheckedAnswer[] {
  const seen = new Set<number>();
  const checked: CheckedAnswer[] = [];
  answers.forEach((a, i) => {
    const q = asked.find((x) => x.id === a.question_id);
    if (!q) throw invalidField(`${path}.${i}.question_id`, 'This question is not asked here');
    if (seen.has(q.id)) throw invalidField(`${path}.${i}.question_id`, `${q.label}: answered twice`);
    seen.add(q.id);
    const problem = answerProblem(q, a.value);
    if (problem) throw invalidField(`${path}.${i}.value`, problem);
    if (!isBlankAnswer(a.value)) checked.push({ questionId: q.id, value: normaliseAnswer(q, a.value) });
  });
  const missing = asked.find((q) => q.required && !checked.some((c) => c.questionId === q.id));
  if (missing) throw invalidField(missingPath, `${missing.label}: an answer is required`);
  return checked;
}

/** The attendee questions asked of a delegate of a ticket of this type. */
export const attendeeQuestionsFor = (questions: QuestionRule[], ticketTypeId: number) =>
  questions.filter((q) => q.scope === 'attendee' && appliesTo(q, ticketTypeId));

/** The order questions asked of a booking of these types: those of every type, or of one of them. */
const orderQuestionsFor = (questions: QuestionRule[], ticketTypeIds: number[]) =>
  questions.filter(
    (q) => q.scope === 'order' && (q.ticket_type_ids.length === 0 || ticketTypeIds.some((id) => appliesTo(q, id))),
  );

const blankToNull = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());

/** A delegate's phone in its one stored form (+254…), as a buyer's is kept. */
const phoneOf = (v: string | undefined) => {
  const phone = blankToNull(v);
  return phone === null ? null : normaliseMsisdn(phone);
};

/**
 * A delegate's details and answers to the attendee questions of their ticket's type, checked.
 * Paths under `prefix` (a booking's `attendees.2`: a missing answer is reported on the entry);
 * without one, as PUT …/attendee names them (`answers.0.value`, a missing one on `answers`).
 */
export function checkDetails(
  questions: QuestionRule[],
  ticketTypeId: number,
  details: AttendeeDetails,
  prefix?: string,
): CheckedDetails {
  return {
    fullName: details.full_name.trim(),
    email: blankToNull(details.email),
    msisdn: phoneOf(details.msisdn),
    company: blankToNull(details.company),
    jobTitle: blankToNull(details.job_title),
    answers: checkAnswers(
      attendeeQuestionsFor(questions, ticketTypeId),
      details.answers,
      prefix ? `${prefix}.answers` : 'answers',
      prefix ?? 'answers',
    ),
  };
}

export const NAMES_REQUIRED_MESSAGE = 'This event needs every delegate’s name at checkout: name each ticket';

/**
 * POST v1/event/book's `attendees` and `answers`, checked against the event before anything is
 * held. Entries name the tickets of each type in order, at most the line's quantity; an event
 * that wants names at checkout needs every ticket named (400 `booking.names_required`). A ticket
 * left to be named answers its questions when it is named.
 */
export function planBookingAttendees(rules: EventAttendeeRules, body: BookEventBody): AttendeePlan {
  const quantityOf = new Map(body.tickets.map((t) => [t.id, t.qty]));
  const entries = body.attendees ?? [];
  const named = new Map<number, number>();
  const attendees = entries.map((entry, i): PlannedAttendee => {
    const quantity = quantityOf.get(entry.ticket_type_id);
    if (quantity === undefined) {
      throw invalidField(`attendees.${i}.ticket_type_id`, 'This ticket type is not in the order');
    }
    const seq = (named.get(entry.ticket_type_id) ?? 0) + 1;
    if (seq > quantity) {
      throw invalidField(`attendees.${i}`, `More delegates than tickets of this type (${quantity})`);
    }
    named.set(entry.ticket_type_id, seq);
    const details = checkDetails(rules.questions, entry.ticket_type_id, entry, `attendees.${i}`);
    return { ...details, ticketTypeId: entry.ticket_type_id, seq };
  });
  if (rules.attendeeNames === 'at_checkout' && body.tickets.some((t) => (named.get(t.id) ?? 0) < t.qty)) {
    throw badRequest(
      NAMES_REQUIRED_MESSAGE,
      [{ path: 'attendees', message: NAMES_REQUIRED_MESSAGE }],
      'booking.names_required',
    );
  }
  const orderAnswers = checkAnswers(
    orderQuestionsFor(
      rules.questions,
      body.tickets.map((t) => t.id),
    ),
    body.answers ?? [],
    'answers',
    'answers',
  );
  return { attendees, orderAnswers };
}
