/** Orders, attendees, refunds and cancellation of one event: the page the router mounts. */
export const ordersPages = {
  orders: () => import('./pages/orders-page'),
};
