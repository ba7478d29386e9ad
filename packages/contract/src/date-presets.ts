import { addDays, isoWeekday, nairobiDay } from './nairobi-time.js';

/** docs/product.md#date-presets. Weeks run Monday to Sunday; a weekend is Saturday and Sunday. */
export const DATE_PRESETS = [
  'today',
  'tomorrow',
  'thisWeekend',
  'thisWeek',
  'nextWeekend',
  'nextWeek',
  'thisMonth',
  'nextMonth',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  thisWeekend: 'This weekend',
  thisWeek: 'This week',
  nextWeekend: 'Next weekend',
  nextWeek: 'Next week',
  thisMonth: 'This month',
  nextMonth: 'Next month',
};

export type DayRange = { start: string; end: string };

function lastDayOfMonth(year: number, month0: number): string {
  return new Date(Date.UTC(year, month0 + 1, 0)).toISOString().slice(0, 10);
}

/** The `start`/`end` days (Nairobi, `YYYY-MM-DD`) of a preset, seen from `now`. */
export function datePresetRange(preset: DatePreset, now: Date = new Date()): DayRange {
  const today = nairobiDay(now);
  const monday = addDays(today, 1 - isoWeekday(today));
  switch (preset) {
    case 'today':
      return { start: today, end: today };
    case 'tomorrow': {
      const t = addDays(today, 1);
      return { start: t, end: t };
    }
    case 'thisWeek':
      return { start: monday, end: addDays(monday, 6) };
    case 'nextWeek':
      return { start: addDays(monday, 7), end: addDays(monday, 13) };
    case 'thisWeekend':
      return { start: addDays(monday, 5), end: addDays(monday, 6) };
    case 'nextWeekend':
      return { start: addDays(monday, 12), end: addDays(monday, 13) };
    case 'thisMonth': {
      const [y, m] = today.split('-').map(Number) as [number, number];
      return { start: `${today.slice(0, 7)}-01`, end: lastDayOfMonth(y, m - 1) };
    }
    case 'nextMonth': {
      const [y, m] = today.split('-').map(Number) as [number, number];
      const first = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
      return { start: first, end: lastDayOfMonth(y, m) };
    }
  }
}
