/** Webhooks (issue 29): the Integrations page the router mounts, loaded on demand. */
export const webhooksPages = {
  integrations: () => import('./pages/integrations-page'),
};
