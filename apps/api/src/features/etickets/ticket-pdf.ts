import PDFDocument from 'pdfkit';
import { qrPng } from './ticket-qr.js';
import { FONT, FONT_BOLD, pdfText, withTikitiFonts } from '../../lib/pdf-fonts.js';

/**
 * What a booking's PDF shows: one page per e-ticket (docs/product.md#e-tickets-and-signed-codes);
 * or a delegate's own ticket, one page (`single`: docs/product.md#delegates-and-questions).
 */
export interface TicketsPdf {
  reference: string;
  /** One delegate's ticket: its page says "Your ticket" rather than "Ticket 2 of 3". */
  single?: boolean;
  title: string;
  /** Nairobi time, as formatDateRange writes it: "Thu, 12 Mar 2026 · 09:00–17:00 EAT". */
  when: string;
  location: string;
  tickets: {
    code: string;
    /** The ticket's short reference (`TK-ERZVFGJ-2`), printed under its code for the door to type. */
    reference: string;
    ticketType: string;
    admits: number;
    /** The delegate's name (the buyer's while the ticket is to be named), and company. */
    holderName: string;
    company?: string | null;
    revoked: boolean;
    /** Its delegate was renamed and it has a new code: this page's code no longer admits. */
    reissued?: boolean;
  }[];
}

const BRAND = '#0F766E';
const INK = '#0F172A';
const MUTED = '#64748B';
const LINE = '#E2E8F0';
const DANGER = '#B91C1C';

/** A4 in points. */
const W = 595.28;
const H = 841.89;
const M = 40;
const QR_SIZE = 300;

/**
 * The booking's tickets as a PDF: A4, one ticket a page with its QR code 300 pt (10.6 cm) wide,
 * big enough to scan from a phone's screen or from paper, the ticket's short reference under it
 * (typed at the door when the code will not scan), the event, the holder, the type, how many it
 * admits and the booking reference. Its font is embedded (apps/api/src/lib/pdf-fonts.ts), so names keep their letters.
 */
export async function ticketsPdf(p: TicketsPdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: pdfText(`Tickets ${p.reference}: ${p.title}`), Author: 'Tikiti', Creator: 'Tikiti' },
  });
  withTikitiFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const images = await Promise.all(p.tickets.map((t) => (t.revoked || t.reissued ? null : qrPng(t.code, 600))));
  p.tickets.forEach((ticket, i) => {
    doc.addPage();
    page(doc, p, ticket, images[i] ?? null, p.single ? 'Your ticket' : `Ticket ${i + 1} of ${p.tickets.length}`);
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function page(
  doc: PDFKit.PDFDocument,
  p: TicketsPdf,
  ticket: TicketsPdf['tickets'][number],
  qr: Buffer | null,
  counter: string,
) {
  const width = W - 2 * M;
  // Brand band.
  doc.rect(0, 0, W, 76).fill(BRAND);
  doc.fillColor('#FFFFFF').font(FONT_BOLD).fontSize(26).text('Tikiti', M, 24, { lineBreak: false });
  doc
    .font(FONT_BOLD)
    .fontSize(11)
    .text('E-TICKET', M, 24, { width, align: 'right', characterSpacing: 1.5, lineBreak: false });
  doc.font(FONT).fontSize(11).text(counter, M, 42, { width, align: 'right', lineBreak: false });

  // The event.
  let y = 104;
  const title = pdfText(p.title);
  doc.fillColor(INK).font(FONT_BOLD).fontSize(22);
  const titleHeight = Math.min(doc.heightOfString(title, { width }), 84);
  doc.text(title, M, y, { width, height: 84, ellipsis: true });
  y += titleHeight + 10;
  doc.fillColor(BRAND).font(FONT_BOLD).fontSize(14).text(pdfText(p.when), M, y, { width, lineBreak: false });
  y += 22;
  const location = pdfText(p.location);
  doc.fillColor(INK).font(FONT).fontSize(13);
  const locationHeight = Math.min(doc.heightOfString(location, { width }), 34);
  doc.text(location, M, y, { width, height: 34, ellipsis: true });
  y += locationHeight + 16;

  // The code, or why there is none.
  const pad = 12;
  const box = QR_SIZE + 2 * pad;
  const x = (W - box) / 2;
  if (qr) {
    doc.roundedRect(x, y, box, box, 10).lineWidth(1).stroke(LINE);
    doc.image(qr, x + pad, y + pad, { width: QR_SIZE, height: QR_SIZE });
  } else {
    doc.roundedRect(x, y, box, box, 10).fill('#F1F5F9');
    const [word, why] = ticket.revoked
      ? ['REVOKED', 'This ticket was refunded or its event cancelled. It no longer admits anyone.']
      : [
          'RE-ISSUED',
          'This ticket was given to another delegate and has a new code. This one no longer admits anyone.',
        ];
    doc
      .fillColor(DANGER)
      .font(FONT_BOLD)
      .fontSize(30)
      .text(word, x, y + box / 2 - 40, { width: box, align: 'center', lineBreak: false });
    doc
      .fillColor(INK)
      .font(FONT)
      .fontSize(12)
      .text(why, x + 24, y + box / 2 + 4, {
        width: box - 48,
        align: 'center',
      });
  }
  y += box + 8;
  // The short reference, for the door to type when the code will not scan; a revoked ticket has none to give.
  if (qr) {
    doc
      .fillColor(INK)
      .font(FONT_BOLD)
      .fontSize(16)
      .text(pdfText(ticket.reference), M, y, { width, align: 'center', characterSpacing: 1, lineBreak: false });
  }
  y += 22;
  doc
    .fillColor(MUTED)
    .font(FONT)
    .fontSize(10)
    .text(
      qr
        ? 'Show this code at the entrance, on your phone or printed. If it will not scan, give the reference above.'
        : ' ',
      M,
      y,
      { width, align: 'center', lineBreak: false },
    );
  y += 22;

  // Who and what.
  const admits = ticket.admits === 1 ? '1 person' : `${ticket.admits} people`;
  const cells: [string, string][] = [
    ['Name', ticket.holderName],
    ...(ticket.company ? ([['Company', ticket.company]] as [string, string][]) : []),
    ['Ticket', ticket.ticketType],
    ['Admits', admits],
    ['Booking reference', p.reference],
  ];
  // Two columns; a long name or type takes a second line rather than being cut.
  const column = width / 2;
  for (let row = 0; row < cells.length; row += 2) {
    doc.font(FONT_BOLD).fontSize(15);
    const heights = cells
      .slice(row, row + 2)
      .map(([, value]) => Math.min(doc.heightOfString(pdfText(value), { width: column - 12 }), 38));
    cells.slice(row, row + 2).forEach(([label, value], i) => {
      const cx = M + i * column;
      doc
        .fillColor(MUTED)
        .font(FONT)
        .fontSize(9)
        .text(label.toUpperCase(), cx, y, { width: column - 12, characterSpacing: 0.8, lineBreak: false });
      doc
        .fillColor(INK)
        .font(FONT_BOLD)
        .fontSize(15)
        .text(pdfText(value), cx, y + 14, { width: column - 12, height: 38, ellipsis: true });
    });
    y += 14 + Math.max(...heights) + 10;
  }

  // Footer.
  const fy = H - 64;
  doc
    .moveTo(M, fy)
    .lineTo(W - M, fy)
    .lineWidth(0.5)
    .stroke(LINE);
  doc
    .fillColor(MUTED)
    .font(FONT)
    .fontSize(9)
    .text('Each code admits its people once. Keep it to yourself: whoever shows it first is let in.', M, fy + 12, {
      width,
      lineBreak: false,
    })
    .text(`Tikiti · ticketing made easy · Booking ${p.reference} · ${counter}`, M, fy + 26, {
      width,
      lineBreak: false,
    });
}
