/**
 * Delegates and questions as other features see them (docs/product.md#delegates-and-questions).
 * Checkout checks a booking's delegates and answers before it holds anything
 * (`planBookingAttendees`) and writes them in the holding transaction (`saveBookingAttendees`);
 * e-tickets names each ticket after its delegate when it issues them, shows the delegates, and
 * renames them (the delegate row locked, the answers checked as at booking, the change recorded)
 * when it re-issues a ticket. The routes (an event's questions) are picked up by features/routes.ts.
 */
export {
  attendeeQuestionsFor,
  checkDetails,
  planBookingAttendees,
  type AttendeePlan,
  type CheckedDetails,
  type EventAttendeeRules,
} from './answer-checks.js';
export {
  findAttendeeChanges,
  findAttendeeNames,
  findBookingAttendees,
  findEventRules,
  findQuestions,
  insertAttendeeChange,
  lockAttendee,
  saveBookingAttendees,
  updateAttendee,
  type AttendeeRow,
  type EventQuestion,
} from './attendees.repo.js';
export { toQuestionView } from './question-view.js';
