import { EVENT_STATUS, type PutQuestionsBody, type Question } from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { invalidatePublicCatalogue } from '../catalogue/index.js';
import {
  archiveQuestions,
  deleteQuestions,
  findAnsweredQuestionIds,
  findQuestions,
  findTicketTypeIds,
  insertQuestion,
  lockOwnEvent,
  ownsEvent,
  updateQuestion,
} from './attendees.repo.js';
import { toQuestionView } from './question-view.js';

/** GET v1/client/event/{id}/questions: the organisation's event's questions, in order; 404 for another's. */
export async function eventQuestions(db: Db, organisationId: number, eventId: number): Promise<Question[]> {
  if (!(await ownsEvent(db, organisationId, eventId))) throw notFound('Event');
  return (await findQuestions(db, [eventId])).map(toQuestionView);
}

/**
 * PUT v1/client/event/{id}/questions (docs/product.md#delegates-and-questions): the set replaced in
 * one transaction, the event's row locked so two saves take turns. Questions with an `id` of this
 * event are kept and changed (an archived one asked again), those without are added, and those
 * left out are deleted, or archived when they have answers. Ticket types must be the event's.
 */
export async function putEventQuestions(
  db: Db,
  organisationId: number,
  eventId: number,
  body: PutQuestionsBody,
): Promise<Question[]> {
  await db.transaction(async (tx) => {
    const event = await lockOwnEvent(tx, organisationId, eventId);
    if (!event) throw notFound('Event');
    if (event.status === EVENT_STATUS.cancelled) throw conflict('This event is cancelled and can no longer be changed');
    const [typeIds, existing] = await Promise.all([
      findTicketTypeIds(tx, eventId),
      findQuestions(tx, [eventId], { archived: true }),
    ]);
    const kept = new Set<number>();
    body.forEach((q, i) => {
      if (q.id !== undefined) {
        if (!existing.some((e) => e.id === q.id))
          throw invalidField(`${i}.id`, 'This question is not one of this event’s');
        if (kept.has(q.id)) throw invalidField(`${i}.id`, 'This question is listed twice');
        kept.add(q.id);
      }
      const foreign = q.ticket_type_ids.findIndex((id) => !typeIds.includes(id));
      if (foreign >= 0) throw invalidField(`${i}.ticket_type_ids`, 'Pick ticket types of this event');
    });
    const dropped = existing.filter((e) => !e.archived && !kept.has(e.id)).map((e) => e.id);
    const answered = await findAnsweredQuestionIds(tx, dropped);
    await deleteQuestions(
      tx,
      dropped.filter((id) => !answered.has(id)),
    );
    await archiveQuestions(tx, [...answered]);
    for (const [position, q] of body.entries()) {
      const values = {
        position,
        kind: q.kind,
        label: q.label,
        required: q.required,
        scope: q.scope,
        options: q.options,
        ticketTypeIds: [...new Set(q.ticket_type_ids)],
      };
      if (q.id === undefined) await insertQuestion(tx, eventId, values);
      else await updateQuestion(tx, q.id, values);
    }
  });
  // The public details carry the questions.
  invalidatePublicCatalogue(db);
  return (await findQuestions(db, [eventId])).map(toQuestionView);
}
