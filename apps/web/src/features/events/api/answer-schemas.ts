/**
 * The schemas of the calls the feature's index exports (the event's questions, one own event,
 * the own events list), loaded with the answer: the index is in the app's first JavaScript, which
 * the router loads, so zod must not come with it (docs/decisions/0017-first-javascript.md).
 */
export {
  eventDetailsResponseSchema,
  listOwnEventsDataSchema,
  ownEventsTabFilter,
  questionsResponseSchema,
} from '@tikiti/contract';
