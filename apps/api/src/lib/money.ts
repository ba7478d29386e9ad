/**
 * Money conversions in one place (STYLE.md habit 7): the database keeps integer minor
 * units (cents), the API speaks major units with at most two decimals.
 */
export const toMinor = (major: number): number => Math.round(major * 100);
export const toMajor = (minor: number): number => minor / 100;
