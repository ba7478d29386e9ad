import PDFDocument from 'pdfkit';
import { DOCUMENT_KIND_WORDS, formatNumber, parseCurrency, toMajor } from '@tikiti/contract';
import type { DocumentContent } from './document-content.js';
import { FONT, FONT_BOLD, pdfText, withTikitiFonts } from '../../lib/pdf-fonts.js';

const INK = '#0F172A';
const MUTED = '#64748B';
const LINE = '#E2E8F0';
const BRAND = '#0F766E';
const M = 50;
const W = 595.28;

/** "27 Nov 2026, 14:05 EAT": a document's dates and times are Nairobi's (docs/product.md#dates-and-times). */
function nairobiDateTime(iso: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Nairobi',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
  return `${text} EAT`;
}

const TITLES: Record<DocumentContent['kind'], string> = {
  invoice: DOCUMENT_KIND_WORDS.invoice.toUpperCase(),
  receipt: DOCUMENT_KIND_WORDS.receipt.toUpperCase(),
  credit_note: DOCUMENT_KIND_WORDS.credit_note.toUpperCase(),
  proforma: 'PROFORMA INVOICE',
};

/**
 * A document as an A4 PDF (docs/product.md#tax-documents): the issuer (legal name, KRA PIN,
 * address), the buyer (company and PIN when given), number, issue date and time, the lines
 * (type, quantity, unit price, VAT, total; no VAT column on a receipt), the totals, the payment
 * and its reference, the PO number and the booking reference. A proforma adds the due date and
 * how to pay (bank details, M-Pesa paybill with the booking reference as account).
 */
export async function documentPdf(c: DocumentContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: M,
    info: { Title: pdfText(`${TITLES[c.kind]} ${c.number}`), Author: pdfText(c.issuer.name), Creator: 'Tikiti' },
  });
  withTikitiFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const currency = parseCurrency(c.currency);
  // A tax document shows every amount to the cent, shillings too (the VAT is rarely whole).
  const money = (minor: number) => `${currency} ${formatNumber(toMajor(minor, currency), 2)}`;
  const withVat = c.issuer.vatRegistered && c.kind !== 'receipt';
  const right = W - M;

  doc.fillColor(BRAND).font(FONT_BOLD).fontSize(20).text(TITLES[c.kind], M, M);
  doc.fillColor(INK).font(FONT).fontSize(10);
  doc.text(`${c.kind === 'proforma' ? 'Proforma' : 'Number'}: ${pdfText(c.number)}`, M, M + 28);
  doc.text(`Issued: ${nairobiDateTime(c.issuedAt)}`);
  if (c.refersTo) doc.text(`Refers to invoice: ${pdfText(c.refersTo)}`);
  if (c.dueAt)
    doc
      .font(FONT_BOLD)
      .text(`Due: ${nairobiDateTime(c.dueAt)}`)
      .font(FONT);
  doc.text(`Booking reference: ${pdfText(c.bookingReference)}`);
  if (c.poNumber) doc.text(`Purchase order (LPO): ${pdfText(c.poNumber)}`);

  const top = doc.y + 16;
  doc.font(FONT_BOLD).text('From', M, top);
  doc.font(FONT).text(pdfText(c.issuer.name), { width: 230 });
  if (c.issuer.kraPin) doc.text(`KRA PIN: ${c.issuer.kraPin}`);
  if (c.issuer.address) doc.text(pdfText(c.issuer.address), { width: 230 });
  const leftEnd = doc.y;
  doc.font(FONT_BOLD).text(c.kind === 'credit_note' ? 'Credited to' : 'Billed to', 310, top);
  doc.font(FONT);
  if (c.buyer.company) doc.text(pdfText(c.buyer.company), 310, doc.y, { width: 235 });
  if (c.buyer.kraPin) doc.text(`KRA PIN: ${c.buyer.kraPin}`, 310);
  if (c.buyer.address) doc.text(pdfText(c.buyer.address), 310, doc.y, { width: 235 });
  doc.text(c.buyer.company ? `Attn: ${pdfText(c.buyer.name)}` : pdfText(c.buyer.name), 310);
  doc.fillColor(MUTED).text(pdfText(c.buyer.email), 310).fillColor(INK);

  let y = Math.max(leftEnd, doc.y) + 16;
  doc.font(FONT_BOLD).text(pdfText(c.event.title), M, y, { width: right - M });
  doc
    .font(FONT)
    .fillColor(MUTED)
    .text(`Event starts ${nairobiDateTime(c.event.startTime)}`);
  doc.fillColor(INK);
  y = doc.y + 12;

  // The lines: ticket type, quantity, unit price, VAT (VAT-registered only), total.
  const cols = withVat
    ? [
        { label: 'Ticket type', x: M, w: 190, align: 'left' as const },
        { label: 'Qty', x: 240, w: 40, align: 'right' as const },
        { label: 'Unit price', x: 285, w: 85, align: 'right' as const },
        { label: `VAT ${c.vatRatePercent}%`, x: 375, w: 80, align: 'right' as const },
        { label: 'Total', x: 460, w: right - 460, align: 'right' as const },
      ]
    : [
        { label: 'Ticket type', x: M, w: 230, align: 'left' as const },
        { label: 'Qty', x: 285, w: 40, align: 'right' as const },
        { label: 'Unit price', x: 330, w: 110, align: 'right' as const },
        { label: 'Total', x: 445, w: right - 445, align: 'right' as const },
      ];
  doc.font(FONT_BOLD);
  for (const col of cols) doc.text(col.label, col.x, y, { width: col.w, align: col.align });
  y += 16;
  doc.moveTo(M, y).lineTo(right, y).strokeColor(LINE).stroke();
  y += 6;
  doc.font(FONT);
  for (const l of c.lines) {
    const cells = withVat
      ? [pdfText(l.name), String(l.quantity), money(l.unitMinor), money(l.vatMinor), money(l.totalMinor)]
      : [pdfText(l.name), String(l.quantity), money(l.unitMinor), money(l.totalMinor)];
    cells.forEach((text, i) => doc.text(text, cols[i]!.x, y, { width: cols[i]!.w, align: cols[i]!.align }));
    y = Math.max(doc.y, y + 14) + 4;
  }
  doc.moveTo(M, y).lineTo(right, y).strokeColor(LINE).stroke();
  y += 8;
  const totalRow = (label: string, value: string, bold = false) => {
    doc.font(bold ? FONT_BOLD : FONT);
    doc.text(label, 300, y, { width: 150, align: 'right' });
    doc.text(value, 455, y, { width: right - 455, align: 'right' });
    y += 16;
  };
  if (withVat) {
    totalRow('Amount before VAT', money(c.totalMinor - c.vatMinor));
    totalRow(`VAT ${c.vatRatePercent}%`, money(c.vatMinor));
  }
  totalRow(
    c.kind === 'credit_note' ? 'Total credited' : c.kind === 'proforma' ? 'Amount due' : 'Total',
    money(c.totalMinor),
    true,
  );
  doc.font(FONT).fillColor(MUTED);
  doc.text(
    withVat
      ? `Prices include VAT at ${c.vatRatePercent}%.`
      : c.kind === 'proforma'
        ? 'This proforma is not a tax invoice; the tax invoice follows payment.'
        : 'The issuer is not VAT-registered: the prices carry no tax.',
    M,
    y + 4,
  );
  doc.fillColor(INK);
  y = doc.y + 12;
  if (c.payment) {
    doc.font(FONT_BOLD).text('Payment', M, y);
    doc
      .font(FONT)
      .text(`${pdfText(c.payment.method)}${c.payment.reference ? `, reference ${pdfText(c.payment.reference)}` : ''}`);
    y = doc.y + 12;
  }
  if (c.kind === 'proforma') {
    doc.font(FONT_BOLD).text('How to pay', M, y);
    doc.font(FONT);
    if (c.paybill) {
      doc.text(
        `M-Pesa: Lipa na M-Pesa > Pay Bill > Business number ${c.paybill} > Account number ${c.bookingReference} > Amount ${money(c.totalMinor)}.`,
        { width: right - M },
      );
    }
    const b = c.bank;
    if (b && (b.name || b.accountNumber)) {
      doc.text(
        `Bank transfer: ${[
          b.name,
          b.branch && `${b.branch} branch`,
          b.accountName && `account name ${b.accountName}`,
          b.accountNumber && `account number ${b.accountNumber}`,
        ]
          .filter(Boolean)
          .map((s) => pdfText(s as string))
          .join(', ')}. Quote ${c.bookingReference} as the reference.`,
        { width: right - M },
      );
    }
    doc.text(`Unpaid at the due date, the booking is released and its tickets go back on sale.`, { width: right - M });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
