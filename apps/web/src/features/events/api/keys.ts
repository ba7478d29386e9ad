/** Query keys of the organiser's events, so a save refreshes every list and figure at once. */
export const eventsKeys = {
  all: ['organiser', 'events'] as const,
  categories: ['organiser', 'categories'] as const,
};
