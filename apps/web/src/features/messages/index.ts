/** Messages to an event's attendees (issue 29): the page the router mounts, loaded on demand. */
export const messagesPages = {
  messages: () => import('./pages/messages-page'),
};
