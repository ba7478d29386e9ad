/** The organiser's events as the app may use them: the drafts (cleared on sign-out) and the pages the router mounts. */
export { useEventDrafts, type EventDraftsState } from './event-drafts';
/** The event's questions, which the orders feature's rename dialog asks again. */
export { useEventQuestions } from './api/questions';
/** One of the organisation's events, for the certificates and badges pages' headings. */
export { useOwnEvent } from './api/own-event';
/** The organisation's events, which the invoices page filters by. */
export { useOwnEvents } from './api/list-own-events';

export const eventsPages = {
  dashboard: () => import('./pages/dashboard-page'),
  myEvents: () => import('./pages/my-events-page'),
  createStep1: () => import('./pages/create-step-1-page'),
  createStep2: () => import('./pages/create-step-2-page'),
  createStep3: () => import('./pages/create-step-3-page'),
  createStep4: () => import('./pages/create-step-4-page'),
  editStep1: () => import('./pages/edit-step-1-page'),
  editStep2: () => import('./pages/edit-step-2-page'),
  editTickets: () => import('./pages/edit-tickets-page'),
  editQuestions: () => import('./pages/edit-questions-page'),
};
