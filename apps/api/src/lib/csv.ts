import { normaliseMsisdn } from '@tikiti/contract';

/**
 * CSV that Excel opens right (docs/decisions/0010-refunds-and-cancellation.md): UTF-8 with a
 * byte-order mark (so "Wanjirũ" and "Nyeri – Karatina" stay intact), CRLF line ends, RFC 4180
 * quoting, and the formula-injection guard: a cell that starts with = + - @ (or a tab or
 * carriage return) gets a leading apostrophe, so a buyer named "=HYPERLINK(…)" stays text.
 */
export type Cell = string | number | null | undefined | PhoneCell;

/** A phone number, checked to be `+` and digits only: written for Excel as text, see `phoneCell`. */
interface PhoneCell {
  readonly e164: string;
}

const BOM = '\uFEFF';

/**
 * A phone number in its one E.164 form (`+254712345678`, whatever form it was stored in). Excel
 * would read a bare `+254…` as a number (2.54712E+11) and the guard's apostrophe would show, so
 * it is written as Excel's text formula `="+254712345678"`: shown as the number it is, in no
 * danger of being a formula since it holds nothing but `+` and digits. Anything else that was
 * typed as a phone is ordinary guarded text.
 */
export function phoneCell(raw: string | null): Cell {
  if (raw === null) return null;
  const e164 = normaliseMsisdn(raw);
  return /^\+\d{7,15}$/.test(e164) ? { e164 } : raw;
}

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return quoted(`="${value.e164}"`);
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? quoted(text) : text;
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

export function toCsv(headers: string[], rows: Cell[][]): string {
  return BOM + [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * The same file as `toCsv`, made as it is sent: the byte-order mark and header line, then each
 * batch of rows as it comes (an export of 100,000 rows holds one batch in memory, not the file).
 */
export async function* csvStream(headers: string[], batches: AsyncIterable<Cell[][]>): AsyncGenerator<string> {
  yield BOM + headers.map(csvCell).join(',') + '\r\n';
  for await (const rows of batches) {
    if (rows.length) yield rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
  }
}
