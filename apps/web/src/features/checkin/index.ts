/** Check-in at the door: the pages the router mounts (the door's code loads only with them), and the sign-out clean-up. */
export const checkinPages = {
  doorEvents: () => import('./pages/door-events-page'),
  door: () => import('./pages/door-page'),
};

export { forgetDoorKits } from './forget';
