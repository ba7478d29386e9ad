/** The list of events a door can open (where a door-only teammate lands): the page the router mounts. */
export const doorEventsPages = {
  list: () => import('./pages/door-events-page'),
};
