/** The organiser's money as the router sees it: the Money page (docs/product.md#balances). */
export const moneyPages = {
  money: () => import('./pages/money-page'),
};
