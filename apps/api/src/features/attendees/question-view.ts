import type { Question } from '@tikiti/contract';
import type { EventQuestion } from './attendees.repo.js';

/** A question as the organiser's calls, the event details and the e-tickets page give it. */
export const toQuestionView = (q: EventQuestion): Question => ({
  id: q.id,
  kind: q.kind,
  label: q.label,
  required: q.required,
  scope: q.scope,
  options: q.options,
  ticket_type_ids: q.ticket_type_ids,
});
