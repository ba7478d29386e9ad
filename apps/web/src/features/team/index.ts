/** Team access: the pages the router mounts. */
export const teamPages = {
  team: () => import('./pages/team-page'),
  invite: () => import('./pages/invite-page'),
};
