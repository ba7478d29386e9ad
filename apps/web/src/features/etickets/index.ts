/** E-tickets: the page the router mounts. */
export const eticketsPages = {
  myTickets: () => import('./pages/my-tickets-page'),
};
