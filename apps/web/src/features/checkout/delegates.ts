import type { AnswerInput, AnswerValue, AttendeeNames, BookingAttendee, FieldError, Question } from '@tikiti/contract';
import {
  answerProblems,
  answersBody,
  attendeeQuestionsFor,
  delegateBody,
  delegateErrorsOf,
  isBlankDelegate,
  orderQuestionsOf,
  questionKey,
} from '../../components/delegates/delegate-values';
import type { DelegateCard } from './delegate-card';

/** A card as the booking shows it: which ticket of which type. `key` is `{ticket type id}-{n}`, n from 0. */
export interface PlacedCard extends DelegateCard {
  key: string;
  ticket_type_id: number;
  ticket_name: string;
}

/**
 * What the buyer typed about the tickets' delegates and the organiser's questions
 * (docs/product.md#delegates-and-questions), with the event's rule and questions it is checked
 * against: kept with the pending booking, so it survives the payment page and a reload.
 */
export interface DelegatesDraft {
  attendee_names: AttendeeNames;
  questions: Question[];
  /** One card per ticket picked, in the order of the booking's lines. */
  cards: PlacedCard[];
  /** Answers to the order questions, by question id. */
  answers: Record<number, AnswerValue>;
}

/**
 * A ticket left to be named: "Name later", or a card left blank, where the event lets names come
 * later. Where names are due at checkout, every card is a delegate.
 */
export const toBeNamed = (card: DelegateCard, rule: AttendeeNames) =>
  rule === 'later' && (card.later || isBlankDelegate(card));

/** Where a problem shows: a card's field (`{card key}.{field}`) or an order question (`order.q{id}`). */
export type DelegateErrorKey = `${string}.${string}`;
export const cardErrorKey = (cardKey: string, field: string): DelegateErrorKey => `${cardKey}.${field}`;
export const orderErrorKey = (questionId: number): DelegateErrorKey => `order.${questionKey(questionId)}`;

/**
 * What POST v1/event/book takes of the draft: an `attendees` entry per named card (those of a
 * type name its tickets in order; the server leaves the rest to be named), the order answers,
 * and which card each entry came from.
 */
export function delegatesBody(draft: DelegatesDraft): {
  attendees: BookingAttendee[];
  answers: AnswerInput[];
  cardKeys: string[];
} {
  const named = draft.cards.filter((c) => !toBeNamed(c, draft.attendee_names));
  return {
    attendees: named.map((c) => ({
      ticket_type_id: c.ticket_type_id,
      ...delegateBody(c, attendeeQuestionsFor(draft.questions, c.ticket_type_id)),
    })),
    answers: answersBody(draft.answers, orderQuestionsOf(draft.questions)),
    cardKeys: named.map((c) => c.key),
  };
}

/** Every answer the questions refuse (docs/product.md#delegates-and-questions), before anything is sent. */
export function answerProblemsOf(draft: DelegatesDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const card of draft.cards) {
    if (toBeNamed(card, draft.attendee_names)) continue;
    const asked = attendeeQuestionsFor(draft.questions, card.ticket_type_id);
    for (const [field, message] of Object.entries(answerProblems(card.answers, asked))) {
      problems[cardErrorKey(card.key, field)] = message;
    }
  }
  for (const [field, message] of Object.entries(answerProblems(draft.answers, orderQuestionsOf(draft.questions)))) {
    problems[`order.${field}`] = message;
  }
  return problems;
}

/**
 * Field errors on the booking's `attendees` and `answers` (the server's or the contract's), by
 * where they show: `attendees.{i}.…` on the card the i-th entry came from, `answers.{i}.…` on the
 * order question of the i-th answer sent.
 */
export function delegateProblemsOf(errors: readonly FieldError[], draft: DelegatesDraft): Record<string, string> {
  const { attendees, answers, cardKeys } = delegatesBody(draft);
  const problems: Record<string, string> = {};
  for (const error of errors) {
    const entry = /^attendees\.(\d+)(?:\.|$)/.exec(error.path);
    if (entry) {
      const i = Number(entry[1]);
      const body = attendees[i];
      if (!body) continue;
      const onFields = Object.entries(delegateErrorsOf([error], body, `attendees.${i}.`));
      // A refusal of the whole entry (or of its ticket type) shows at the top of its card.
      for (const [field, message] of onFields.length ? onFields : [['full_name', error.message] as const]) {
        problems[cardErrorKey(cardKeys[i]!, field)] ??= message;
      }
    }
    const answer = /^answers\.(\d+)(?:\.|$)/.exec(error.path);
    const asked = answer ? answers[Number(answer[1])] : undefined;
    if (asked) problems[orderErrorKey(asked.question_id)] ??= error.message;
  }
  return problems;
}
