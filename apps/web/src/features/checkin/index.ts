/** Check-in at the door: the pages the router mounts (the door's code loads only with them). */
export const checkinPages = {
  doorEvents: () => import('./pages/door-events-page'),
  door: () => import('./pages/door-page'),
};
