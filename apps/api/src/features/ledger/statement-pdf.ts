import PDFDocument from 'pdfkit';
import { formatNumber, LEDGER_KIND_LABELS, NAIROBI_OFFSET_MINUTES, toMajor, type Currency } from '@tikiti/contract';
import type { EntryRow } from './ledger.repo.js';

export interface StatementCurrency {
  currency: Currency;
  openingMinor: number;
  closingMinor: number;
  salesMinor: number;
  feesMinor: number;
  feeVatMinor: number;
  refundsMinor: number;
  payoutsMinor: number;
  adjustmentsMinor: number;
  entries: EntryRow[];
}

export interface Statement {
  month: string;
  currencies: StatementCurrency[];
}

const INK = '#0F172A';
const MUTED = '#64748B';
const BRAND = '#0F766E';
const M = 50;

/** The built-in Helvetica writes Windows-1252 only: anything else becomes "?". */
const pdfText = (text: string) => text.replace(/\s+/g, ' ').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The organisation's monthly statement as an A4 PDF (docs/product.md#balances): per currency,
 * the opening balance, the month's totals, every entry, and the closing balance. Times are Nairobi's.
 */
export async function statementPdf(s: Statement, organisationName: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: M, info: { Title: `Statement ${s.month}`, Creator: 'Tikiti' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const [y, m] = s.month.split('-').map(Number) as [number, number];
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(20).text('STATEMENT', M, M);
  doc.fillColor(INK).font('Helvetica').fontSize(11).text(pdfText(organisationName));
  doc
    .fillColor(MUTED)
    .fontSize(10)
    .text(`${MONTHS[m - 1]} ${y} (East Africa Time)`);
  doc.moveDown();
  if (s.currencies.length === 0) {
    doc.fillColor(INK).fontSize(11).text('No sales, refunds or payouts this month, and no balance carried.');
  }
  for (const c of s.currencies) {
    const money = (minor: number) => `${c.currency} ${formatNumber(toMajor(minor, c.currency), 2)}`;
    doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(13).text(c.currency);
    doc.fillColor(INK).font('Helvetica').fontSize(10);
    for (const [label, minor] of [
      ['Opening balance', c.openingMinor],
      ['Ticket sales (paid by buyers)', c.salesMinor],
      ['Service fees', -c.feesMinor],
      ['VAT on service fees', -c.feeVatMinor],
      ['Refunds', -c.refundsMinor],
      ['Payouts', -c.payoutsMinor],
      ['Adjustments', c.adjustmentsMinor],
      ['Closing balance', c.closingMinor],
    ] as const) {
      const yPos = doc.y;
      doc.text(label, M, yPos);
      doc.text(money(minor), M + 300, yPos, { width: 195, align: 'right' });
    }
    doc.moveDown(0.5);
    doc.fillColor(MUTED).fontSize(8);
    for (const e of c.entries) {
      if (doc.y > 780) doc.addPage();
      const yPos = doc.y;
      const when = new Date(e.at.getTime() + NAIROBI_OFFSET_MINUTES * 60_000)
        .toISOString()
        .slice(0, 16)
        .replace('T', ' ');
      doc.text(
        `${when}  ${LEDGER_KIND_LABELS[e.kind]}  ${pdfText(e.reference)}  ${pdfText(e.description).slice(0, 60)}`,
        M,
        yPos,
        { width: 360 },
      );
      doc.text(money(e.amount_minor), M + 360, yPos, { width: 135, align: 'right' });
    }
    doc.moveDown();
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
