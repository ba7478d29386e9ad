import { EVENT_STATUS, type Event } from '@tikiti/contract';

export type EventBadge = {
  label: 'Cancelled' | 'Ended' | 'In progress' | 'Published' | 'Draft';
  tone: 'slate' | 'green' | 'amber';
};

/**
 * docs/product.md#event-badge badge rule, in its order: an event whose end has passed is 'Ended'; otherwise a
 * published one is 'In progress' once it has started and 'Published' before (an
 * 'In progress' for every published event would mislead on an event months away); a draft is 'Draft'.
 */
export function eventBadge(
  event: Pick<Event, 'start_time' | 'end_time' | 'status'>,
  now: Date = new Date(),
): EventBadge {
  // A cancelled event (issue 12) says so before anything else.
  if (event.status === EVENT_STATUS.cancelled) return { label: 'Cancelled', tone: 'slate' };
  if (Date.parse(event.end_time) < now.getTime()) return { label: 'Ended', tone: 'slate' };
  if (event.status === EVENT_STATUS.published) {
    return Date.parse(event.start_time) <= now.getTime()
      ? { label: 'In progress', tone: 'green' }
      : { label: 'Published', tone: 'green' };
  }
  return { label: 'Draft', tone: 'amber' };
}
