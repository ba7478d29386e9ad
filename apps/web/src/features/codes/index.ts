/**
 * An event's selling tools (issue 27): its discount and access codes, and its waiting lists. The
 * pages the router mounts, each loaded on demand.
 */
export const codesPages = {
  codes: () => import('./pages/codes-page'),
  waitlist: () => import('./pages/waitlist-page'),
};
