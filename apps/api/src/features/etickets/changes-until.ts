import { formatDay, formatTime } from '@tikiti/contract';

const HOUR_MS = 3_600_000;

/**
 * Until when a buyer may name or change a ticket's delegate: the event's start less its lock hours
 * (docs/product.md#delegates-and-questions). The organiser has no such lock.
 */
export const changesUntil = (event: { startTime: Date; changesLockHours: number }) =>
  new Date(event.startTime.getTime() - event.changesLockHours * HOUR_MS);

/** The lock time as a buyer reads it, in Nairobi time: "Thu, 12 Mar 2026 at 09:00 EAT". */
export const lockTimeText = (at: Date) => `${formatDay(at.toISOString())} at ${formatTime(at.toISOString())} EAT`;
