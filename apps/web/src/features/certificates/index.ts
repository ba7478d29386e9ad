/**
 * Certificates of attendance, name badges and the public verification page (issue 28): the pages
 * the router mounts, each loaded on demand.
 */
export const certificatesPages = {
  certificates: () => import('./pages/certificates-page'),
  badges: () => import('./pages/badges-page'),
  verify: () => import('./pages/verify-page'),
};
