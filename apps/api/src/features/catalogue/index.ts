/**
 * The catalogue as other features see it: the one event read model (events with their
 * open ticket types, loaded without N+1) and its JSON view, the categories, and the public
 * cache that an organiser's change clears.
 */
export { catalogueRoutes } from './catalogue.routes.js';
export { organiserPageRoutes } from './organiser-page.routes.js';
export { invalidatePublicCatalogue } from './catalogue-cache.js';
export {
  getOrganiserPage,
  getPublicEvent,
  listCategories,
  listSitemapEvents,
  listSitemapOrganisers,
  loadEvent,
  loadEventPage,
} from './catalogue.service.js';
export { toEventView } from './event-view.js';
export type { EventPageQuery, EventWithTickets, TicketRow } from './catalogue.repo.js';
