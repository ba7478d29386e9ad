/**
 * The schema of the event's questions, loaded with the answer: `useEventQuestions` is exported
 * through the feature's index, which the router loads with the app, so zod must not come with it
 * (docs/decisions/0017-first-javascript.md).
 */
export { questionsResponseSchema } from '@tikiti/contract';
