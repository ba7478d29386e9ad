import { NAIROBI_OFFSET_MINUTES } from './constants.js';

/**
 * Nairobi calendar arithmetic. Kenya is UTC+3 with no daylight saving, so a fixed
 * offset is exact; days are handled as `YYYY-MM-DD` strings.
 */
const OFFSET_MS = NAIROBI_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The Nairobi calendar day of an instant. */
export function nairobiDay(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Nairobi day begins (00:00 EAT). */
export function startOfNairobiDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

/** The day `n` days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** A `datetime-local` value (`YYYY-MM-DDTHH:mm`) read as Nairobi wall time. */
export function fromNairobiLocal(value: string): Date {
  return new Date(Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`) - OFFSET_MS);
}

/** An instant as a Nairobi `datetime-local` value (`YYYY-MM-DDTHH:mm`). */
export function toNairobiLocal(instant: Date | string): string {
  return new Date(new Date(instant).getTime() + OFFSET_MS).toISOString().slice(0, 16);
}
