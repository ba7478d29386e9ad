/** A buyer's rights over their data (docs/product.md#my-data): the pages the router mounts. */
export const privacyPages = {
  myData: () => import('./pages/my-data-page'),
  newsStop: () => import('./pages/news-stop-page'),
  accountDeleted: () => import('./pages/account-deleted-page'),
};
