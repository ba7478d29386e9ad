/**
 * CSV that Excel opens right (docs/decisions/0010-refunds-and-cancellation.md): UTF-8 with a
 * byte-order mark (so "Wanjirũ" and "Nyeri – Karatina" stay intact), CRLF line ends, RFC 4180
 * quoting, and the formula-injection guard: a cell that starts with = + - @ (or a tab or
 * carriage return) gets a leading apostrophe, so a buyer named "=HYPERLINK(…)" stays text.
 */
export type Cell = string | number | null | undefined;

const BOM = '\uFEFF';

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: string[], rows: Cell[][]): string {
  return BOM + [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
