/** Line and order totals, added up in minor units so cents never drift (CONTRIBUTING.md#money-and-time-are-types). */
export const lineTotal = (price: number, qty: number) => (Math.round(price * 100) * qty) / 100;

export function orderTotal(lines: { price: number; qty: number }[]): number {
  return lines.reduce((cents, l) => cents + Math.round(l.price * 100) * l.qty, 0) / 100;
}
