/**
 * The organiser's questions and how an answer is checked (docs/product.md#delegates-and-questions).
 * Pure, no zod: the API checks every answer with it, and the web's checkout shows the same
 * message beside the field before anything is sent.
 */

export const QUESTION_KINDS = [
  'text',
  'long_text',
  'single_choice',
  'multi_choice',
  'checkbox',
  'email',
  'phone',
  'number',
  'date',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** `order`: asked once, of the buyer; `attendee`: asked of each delegate (per ticket). */
export const QUESTION_SCOPES = ['order', 'attendee'] as const;
export type QuestionScope = (typeof QUESTION_SCOPES)[number];

export const QUESTION_LIMITS = {
  /** Questions per event. */
  perEvent: 20,
  labelMax: 200,
  /** Options of a choice question. */
  optionsMin: 2,
  optionsMax: 30,
  optionMax: 100,
  textMax: 200,
  longTextMax: 2000,
  /** A delegate's company and job title. */
  companyMax: 120,
  jobTitleMax: 120,
} as const;

/** The kinds whose answer is one or more of the question's options. */
export const CHOICE_KINDS: readonly QuestionKind[] = ['single_choice', 'multi_choice'];

/** A question as an answer is checked against it. */
export interface QuestionRule {
  id: number;
  kind: QuestionKind;
  label: string;
  required: boolean;
  scope: QuestionScope;
  options: string[];
  /** The ticket types it is asked for; empty: all of them. */
  ticket_type_ids: number[];
}

/**
 * An answer as sent: text for text, long text, email, phone, date (`YYYY-MM-DD`) and a single
 * choice; a list of options for a multiple choice; true or false for a checkbox; a number.
 */
export type AnswerValue = string | string[] | boolean | number;

/** Does this question apply to a ticket of this type (order questions apply to every booking)? */
export const appliesTo = (q: Pick<QuestionRule, 'ticket_type_ids'>, ticketTypeId?: number) =>
  q.ticket_type_ids.length === 0 || ticketTypeId === undefined || q.ticket_type_ids.includes(ticketTypeId);

/** Blank: nothing given, an empty text or list, or an unticked checkbox. */
export function isBlankAnswer(value: AnswerValue | null | undefined): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s-]{7,20}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function realDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Why `value` is not an answer to `q`, in words for beside the field, or null when it is one (a
 * blank answer to a question that is not required is one).
 */
export function answerProblem(q: QuestionRule, value: AnswerValue | null | undefined): string | null {
  if (isBlankAnswer(value)) return q.required ? `${q.label}: an answer is required` : null;
  switch (q.kind) {
    case 'text':
    case 'long_text': {
      if (typeof value !== 'string') return `${q.label}: write an answer`;
      const max = q.kind === 'text' ? QUESTION_LIMITS.textMax : QUESTION_LIMITS.longTextMax;
      return value.trim().length > max ? `${q.label}: at most ${max} characters` : null;
    }
    case 'email':
      return typeof value === 'string' && EMAIL.test(value.trim()) && value.length <= 254
        ? null
        : `${q.label}: enter a valid email address`;
    case 'phone':
      return typeof value === 'string' && PHONE.test(value.trim()) ? null : `${q.label}: enter a valid phone number`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${q.label}: enter a number`;
    case 'date':
      return typeof value === 'string' && realDay(value) ? null : `${q.label}: enter a date (YYYY-MM-DD)`;
    case 'checkbox':
      return typeof value === 'boolean' ? null : `${q.label}: tick or untick it`;
    case 'single_choice':
      return typeof value === 'string' && q.options.includes(value) ? null : `${q.label}: choose one of the options`;
    case 'multi_choice': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !q.options.includes(v))) {
        return `${q.label}: choose among the options`;
      }
      return new Set(value).size === value.length ? null : `${q.label}: choose each option once`;
    }
    default:
      return `${q.label}: this question cannot be answered`;
  }
}

/** An answer as kept and shown: trimmed text, the options in the question's order. */
export function normaliseAnswer(q: QuestionRule, value: AnswerValue): AnswerValue {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return q.options.filter((o) => value.includes(o));
  return value;
}

/** An answer in one line of text, for lists and CSV columns ("Yes", "Workshop A; Workshop B"). */
export function answerText(value: AnswerValue | null | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join('; ');
  return String(value);
}
