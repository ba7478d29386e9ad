/** E-tickets: the pages the router mounts (the buyer's tickets, a delegate's own ticket). */
export const eticketsPages = {
  myTickets: () => import('./pages/my-tickets-page'),
  delegateTicket: () => import('./pages/delegate-ticket-page'),
};
