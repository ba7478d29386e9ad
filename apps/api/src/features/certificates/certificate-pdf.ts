import PDFDocument from 'pdfkit';
import { qrPng } from '../etickets/index.js';
import { FONT, FONT_BOLD, pdfText, withTikitiFonts } from '../../lib/pdf-fonts.js';
import { fitText } from './fit-text.js';

/** What a certificate of attendance prints (docs/product.md#certificates-of-attendance). */
export interface CertificatePdf {
  number: string;
  holderName: string;
  company: string | null;
  eventTitle: string;
  /** Nairobi dates, as formatDateRange writes them. */
  when: string;
  venue: string;
  /** "6.5", or null when the certificate carries no points. */
  points: string | null;
  accreditingBody: string | null;
  organiser: string;
  signatoryName: string | null;
  signatoryTitle: string | null;
  issuedOn: string;
  /** The verification page's address: what the QR code holds. */
  verifyUrl: string;
}

const BRAND = '#0F766E';
const INK = '#0F172A';
const MUTED = '#64748B';
const GOLD = '#B08D2E';

/** A4 landscape in points. */
const W = 841.89;
const H = 595.28;
const M = 48;

/**
 * One A4 landscape page: a border, the title, the attendee's name as large as fits, the event,
 * its Nairobi dates and venue, the points and accrediting body, the organiser and signatory, the
 * number, and a QR code of the verification page's address. Built-in fonts only, like the tickets.
 */
export async function certificatePdf(c: CertificatePdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: pdfText(`Certificate of attendance ${c.number}`),
      Author: pdfText(c.organiser),
      Creator: 'Tikiti',
    },
  });
  withTikitiFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const qr = await qrPng(c.verifyUrl, 480);

  doc
    .rect(18, 18, W - 36, H - 36)
    .lineWidth(3)
    .stroke(BRAND);
  doc
    .rect(26, 26, W - 52, H - 52)
    .lineWidth(0.8)
    .stroke(GOLD);

  const width = W - 2 * M;
  let y = 64;
  doc
    .fillColor(BRAND)
    .font(FONT_BOLD)
    .fontSize(30)
    .text('CERTIFICATE OF ATTENDANCE', M, y, { width, align: 'center', characterSpacing: 2, lineBreak: false });
  y += 48;
  doc
    .fillColor(MUTED)
    .font(FONT)
    .fontSize(14)
    .text('This certifies that', M, y, { width, align: 'center', lineBreak: false });
  y += 28;

  const name = fitText(doc, pdfText(c.holderName), {
    font: FONT_BOLD,
    width,
    maxSize: 36,
    minSize: 16,
    maxLines: 2,
  });
  doc.fillColor(INK);
  for (const line of name.lines) {
    doc.text(line, M, y, { width, align: 'center', lineBreak: false });
    y += name.size * 1.2;
  }
  if (c.company) {
    doc
      .fillColor(MUTED)
      .font(FONT)
      .fontSize(14)
      .text(pdfText(c.company), M, y, { width, align: 'center', lineBreak: false });
    y += 24;
  }
  y += 6;
  doc.fillColor(INK).font(FONT).fontSize(14).text('attended', M, y, { width, align: 'center', lineBreak: false });
  y += 24;
  const title = fitText(doc, pdfText(c.eventTitle), {
    font: FONT_BOLD,
    width,
    maxSize: 22,
    minSize: 12,
    maxLines: 2,
  });
  for (const line of title.lines) {
    doc.text(line, M, y, { width, align: 'center', lineBreak: false });
    y += title.size * 1.25;
  }
  doc
    .fillColor(INK)
    .font(FONT)
    .fontSize(13)
    .text(pdfText(`${c.when} · ${c.venue}`), M, y + 2, { width, align: 'center', height: 20, ellipsis: true });
  y += 30;
  if (c.points) {
    const body = c.accreditingBody ? ` accredited by ${c.accreditingBody}` : '';
    doc
      .fillColor(BRAND)
      .font(FONT_BOLD)
      .fontSize(16)
      .text(pdfText(`${c.points} CPD points${body}`), M, y, { width, align: 'center', lineBreak: false });
  } else if (c.accreditingBody) {
    doc
      .fillColor(BRAND)
      .font(FONT_BOLD)
      .fontSize(16)
      .text(pdfText(`Accrediting body: ${c.accreditingBody}`), M, y, { width, align: 'center', lineBreak: false });
  }

  // Foot: organiser and signatory on the left, number in the middle, QR on the right.
  const footY = H - 150;
  const qrSize = 100;
  doc.image(qr, W - M - qrSize, footY - 4, { width: qrSize, height: qrSize });
  doc
    .fillColor(MUTED)
    .font(FONT)
    .fontSize(8)
    .text('Scan to verify', W - M - qrSize, footY + qrSize, { width: qrSize, align: 'center', lineBreak: false });

  const colW = 250;
  doc
    .moveTo(M + 10, footY + 40)
    .lineTo(M + 10 + colW, footY + 40)
    .lineWidth(0.8)
    .stroke(INK);
  doc
    .fillColor(INK)
    .font(FONT_BOLD)
    .fontSize(12)
    .text(pdfText(c.signatoryName ?? c.organiser), M + 10, footY + 46, { width: colW, lineBreak: false });
  doc
    .fillColor(MUTED)
    .font(FONT)
    .fontSize(10)
    .text(pdfText(c.signatoryTitle ?? 'Organiser'), M + 10, footY + 62, { width: colW, lineBreak: false });
  doc.text(pdfText(`Organised by ${c.organiser}`), M + 10, footY + 78, { width: colW, lineBreak: false });

  const midX = M + colW + 40;
  const midW = W - M - qrSize - 30 - midX;
  doc
    .fillColor(INK)
    .font(FONT)
    .fontSize(10)
    .text('Certificate number', midX, footY + 30, { width: midW, align: 'center', lineBreak: false });
  doc
    .font(FONT_BOLD)
    .fontSize(14)
    .text(c.number, midX, footY + 44, { width: midW, align: 'center', lineBreak: false });
  doc
    .fillColor(MUTED)
    .font(FONT)
    .fontSize(9)
    .text(pdfText(`Issued ${c.issuedOn}`), midX, footY + 64, { width: midW, align: 'center', lineBreak: false });

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
