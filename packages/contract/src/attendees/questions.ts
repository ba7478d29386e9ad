import { z } from 'zod';
import { idSchema, text } from '../common.js';
import { envelope } from '../envelope.js';
import { CHOICE_KINDS, QUESTION_KINDS, QUESTION_LIMITS, QUESTION_SCOPES } from './question-rules.js';

/**
 * A question an organiser asks at checkout (docs/product.md#delegates-and-questions), as the
 * organiser's calls and the public event details give it, in the order it is asked.
 */
export const questionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(QUESTION_KINDS),
  label: z.string(),
  required: z.boolean(),
  scope: z.enum(QUESTION_SCOPES),
  /** The choices of a single or multiple choice question; empty for other kinds. */
  options: z.array(z.string()),
  /** The ticket types it is asked for; empty: every type. */
  ticket_type_ids: z.array(z.number().int()),
});
export type Question = z.infer<typeof questionSchema>;

/** One question of PUT v1/client/event/{id}/questions: `id` to keep an existing one, none for a new one. */
export const questionInputSchema = z
  .object({
    id: idSchema.optional(),
    kind: z.enum(QUESTION_KINDS, { message: 'Pick a kind of question' }),
    label: text().trim().min(1, 'Write the question').max(QUESTION_LIMITS.labelMax),
    required: z.boolean().default(false),
    scope: z.enum(QUESTION_SCOPES, { message: 'Ask it of the buyer (order) or of each delegate (attendee)' }),
    options: z
      .array(text().trim().min(1, 'An option cannot be empty').max(QUESTION_LIMITS.optionMax))
      .max(QUESTION_LIMITS.optionsMax, `At most ${QUESTION_LIMITS.optionsMax} options`)
      .default([]),
    ticket_type_ids: z.array(idSchema).max(50).default([]),
  })
  .superRefine((q, ctx) => {
    const choice = CHOICE_KINDS.includes(q.kind);
    if (choice && q.options.length < QUESTION_LIMITS.optionsMin) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Give at least two options' });
    }
    if (!choice && q.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a choice question has options' });
    }
    if (new Set(q.options.map((o) => o.toLowerCase())).size !== q.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Each option once' });
    }
  });
export type QuestionInput = z.input<typeof questionInputSchema>;

/**
 * PUT v1/client/event/{id}/questions: the whole set, in the order asked. A question left out is
 * deleted, or archived when it already has answers (its answers stay in orders and exports).
 */
export const putQuestionsBodySchema = z
  .array(questionInputSchema)
  .max(QUESTION_LIMITS.perEvent, `At most ${QUESTION_LIMITS.perEvent} questions per event`);
export type PutQuestionsBody = z.infer<typeof putQuestionsBodySchema>;

/** GET and PUT v1/client/event/{id}/questions answer the event's current questions. */
export const questionsResponseSchema = envelope(z.array(questionSchema));

/** An answer as sent with a booking or a delegate's details (checked by `answerProblem`). */
export const answerInputSchema = z.object({
  question_id: idSchema,
  value: z.union([
    text().max(QUESTION_LIMITS.longTextMax),
    z.array(text().max(QUESTION_LIMITS.optionMax)).max(QUESTION_LIMITS.optionsMax),
    z.boolean(),
    z.number(),
  ]),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

/** An answer as the organiser's views give it: the question as asked, the answer in one line. */
export const answerViewSchema = z.object({
  question_id: z.number().int(),
  label: z.string(),
  /** The answer as one line of text (`answerText`): "Yes", "Workshop A; Workshop B". */
  text: z.string(),
});
export type AnswerView = z.infer<typeof answerViewSchema>;
