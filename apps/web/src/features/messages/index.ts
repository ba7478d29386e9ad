/** Messages to an event's attendees (issue 29): the page the router mounts, loaded on demand. */
export const messagesPages = {
  messages: () => import('./pages/messages-page'),
  /** The stop link of every message (public, no sign-in). */
  stop: () => import('./pages/messages-stop-page'),
};
