import {
  answerProblem,
  appliesTo,
  isBlankAnswer,
  type AnswerInput,
  type AnswerValue,
  type AnswerView,
  type AttendeeDetails,
  type FieldError,
  type QuestionRule,
} from '@tikiti/contract';

/**
 * A delegate as a form holds it (docs/product.md#delegates-and-questions): the texts as typed and
 * the answers by question id. The checkout's cards, the E-tickets page's rename form and the
 * organiser's rename dialog all hold one.
 */
export interface DelegateValues {
  full_name: string;
  email: string;
  company: string;
  job_title: string;
  answers: Record<number, AnswerValue>;
}

export const NO_DELEGATE: DelegateValues = { full_name: '', email: '', company: '', job_title: '', answers: {} };

/** The text fields of a delegate, in the order the forms show them. */
export const DELEGATE_TEXT_FIELDS = ['full_name', 'email', 'company', 'job_title'] as const;
export type DelegateTextField = (typeof DELEGATE_TEXT_FIELDS)[number];

/**
 * Errors of a delegate's form by field: a text field's name, or `q{id}` for the answer to a
 * question (`questionKey`).
 */
export type DelegateErrors = Record<string, string>;
export const questionKey = (id: number) => `q${id}`;

/** The attendee questions asked of the delegate of a ticket of this type, in the organiser's order. */
export const attendeeQuestionsFor = <Q extends QuestionRule>(questions: readonly Q[], ticketTypeId: number): Q[] =>
  questions.filter((q) => q.scope === 'attendee' && appliesTo(q, ticketTypeId));

/** The questions asked once, of the buyer. */
export const orderQuestionsOf = <Q extends QuestionRule>(questions: readonly Q[]): Q[] =>
  questions.filter((q) => q.scope === 'order');

/** Nothing typed, ticked or chosen at all. */
export function isBlankDelegate(values: DelegateValues): boolean {
  return (
    DELEGATE_TEXT_FIELDS.every((f) => values[f].trim() === '') &&
    Object.values(values.answers).every((v) => isBlankAnswer(v))
  );
}

/** The answers to `questions` that were given, as sent (blank ones are left out). */
export function answersBody(answers: Record<number, AnswerValue>, questions: readonly QuestionRule[]): AnswerInput[] {
  const sent: AnswerInput[] = [];
  for (const q of questions) {
    const value = answers[q.id];
    if (value !== undefined && !isBlankAnswer(value)) sent.push({ question_id: q.id, value });
  }
  return sent;
}

/** The delegate as a call takes it: texts trimmed, blank optional ones left out, the answers given to `questions`. */
export function delegateBody(values: DelegateValues, questions: readonly QuestionRule[]): AttendeeDetails {
  const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
  return {
    full_name: values.full_name.trim(),
    email: optional(values.email),
    company: optional(values.company),
    job_title: optional(values.job_title),
    answers: answersBody(values.answers, questions),
  };
}

/** Why each answer is refused (the contract's `answerProblem`, as the server words it), by `questionKey`. */
export function answerProblems(
  answers: Record<number, AnswerValue>,
  questions: readonly QuestionRule[],
): DelegateErrors {
  const errors: DelegateErrors = {};
  for (const q of questions) {
    const problem = answerProblem(q, answers[q.id]);
    if (problem) errors[questionKey(q.id)] = problem;
  }
  return errors;
}

/**
 * The server's field errors on a delegate's body (`body`, sent under `prefix`: `attendees.2.` in a
 * booking, nothing in a rename) by field: `answers.{j}` names the question of the j-th answer sent.
 * The first error of each field is kept.
 */
export function delegateErrorsOf(errors: readonly FieldError[], body: AttendeeDetails, prefix = ''): DelegateErrors {
  const byField: DelegateErrors = {};
  for (const { path, message } of errors) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const answer = /^answers\.(\d+)(?:\.|$)/.exec(rest);
    const field = answer
      ? body.answers[Number(answer[1])] && questionKey(body.answers[Number(answer[1])]!.question_id)
      : (DELEGATE_TEXT_FIELDS as readonly string[]).find((f) => rest === f || rest.startsWith(`${f}.`));
    if (field) byField[field] ??= message;
  }
  return byField;
}

/**
 * An answer read back from the one line the views give (`answerText`: "Yes", "A; B"), for a form
 * that starts from the delegate's current answers. Undefined when it cannot be one.
 */
export function answerFromText(q: QuestionRule, text: string): AnswerValue | undefined {
  if (text === '') return undefined;
  switch (q.kind) {
    case 'checkbox':
      return text === 'Yes';
    case 'multi_choice':
      return q.options.filter((o) => text.split('; ').includes(o));
    case 'number': {
      const n = Number(text);
      return Number.isFinite(n) ? n : undefined;
    }
    default:
      return text;
  }
}

/** A delegate's form, starting from who the ticket is for now and their answers. */
export function delegateValuesOf(
  attendee: { full_name: string; email: string | null; company: string | null; job_title: string | null },
  answers: readonly AnswerView[],
  questions: readonly QuestionRule[],
): DelegateValues {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const values: Record<number, AnswerValue> = {};
  for (const a of answers) {
    const q = byId.get(a.question_id);
    const value = q && answerFromText(q, a.text);
    if (value !== undefined) values[a.question_id] = value;
  }
  return {
    full_name: attendee.full_name,
    email: attendee.email ?? '',
    company: attendee.company ?? '',
    job_title: attendee.job_title ?? '',
    answers: values,
  };
}
