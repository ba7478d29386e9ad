/** The operator's console as the router sees it: its pages, each loaded on demand (docs/product.md#the-operator). */
export const operatorPages = {
  payouts: () => import('./pages/payouts-page'),
  organisations: () => import('./pages/organisations-page'),
  adjust: () => import('./pages/adjust-page'),
  figures: () => import('./pages/figures-page'),
  audit: () => import('./pages/audit-page'),
};
