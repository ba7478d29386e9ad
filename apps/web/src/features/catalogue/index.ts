/** The public catalogue: the home page (loaded with the app) and the pages the router loads on demand. */
export { default as HomePage } from './pages/home-page';

export const cataloguePages = {
  allEvents: () => import('./pages/all-events-page'),
  eventDetails: () => import('./pages/event-details-page'),
  /** The widget's checkout of one event, framed by another site (docs/api.md#widget). */
  embedEvent: () => import('./pages/embed-event-page'),
  /** An organiser's public page, /o/{slug} (docs/product.md#routes-and-screens). */
  organizer: () => import('./pages/organizer-page'),
};
