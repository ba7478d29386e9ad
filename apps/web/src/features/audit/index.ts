/** The activity log as the router sees it: its page (docs/product.md#activity). */
export const auditPages = {
  activity: () => import('./pages/activity-page'),
};
