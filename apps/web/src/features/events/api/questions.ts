import { useQuery } from '@tanstack/react-query';
import type { PutQuestionsBody } from '@tikiti/contract';
import { api, apiCall } from '../../../lib/api-client';
import { eventsKeys, useEventsMutation } from './keys';

const questionsKey = (eventId: number) => [...eventsKeys.all, 'questions', eventId] as const;
/** Loaded with the answer (this module is in the app's first JavaScript through the feature's index). */
const questionsSchema = () => import('./answer-schemas').then((m) => m.questionsResponseSchema.shape.data);

/** GET v1/client/event/{id}/questions: the questions the checkout asks, in order (docs/product.md#delegates-and-questions). */
export function useEventQuestions(eventId: number) {
  return useQuery({
    queryKey: questionsKey(eventId),
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/questions`, {
        side: 'organiser',
        signal,
        schema: questionsSchema,
      }),
    enabled: Number.isInteger(eventId) && eventId > 0,
  });
}

/**
 * PUT v1/client/event/{id}/questions: the whole set, in order; answers the questions as saved
 * (new ones with their ids). A question left out is deleted, or archived once answered.
 */
export function useSaveQuestions() {
  return useEventsMutation(({ eventId, questions }: { eventId: number; questions: PutQuestionsBody }) =>
    apiCall(`client/event/${eventId}/questions`, {
      method: 'PUT',
      body: questions,
      side: 'organiser',
      schema: questionsSchema,
    }),
  );
}
