import PDFDocument from 'pdfkit';
import { BADGES_PER_PAGE, type BadgeLayout } from '@tikiti/contract';
import { qrPng } from '../etickets/index.js';
import { FONT, FONT_BOLD, pdfText, withTikitiFonts } from '../../lib/pdf-fonts.js';
import { fitText, type FittedText, type TextMeasurer } from './fit-text.js';

/** One badge (docs/product.md#name-badges). */
export interface Badge {
  name: string;
  company: string | null;
  jobTitle: string | null;
  ticketType: string;
  /** The band's colour, `#rrggbb`. */
  colour: string;
  eventTitle: string;
  /** The ticket's live signed code: the badge admits at the door. */
  code: string;
}

/** Page size and grid of each layout, in points (1 in = 72 pt; A4 595.28 × 841.89, A6 297.64 × 419.53). */
const PAGES: Record<BadgeLayout, { size: [number, number]; cols: number; rows: number; margin: number; gap: number }> =
  {
    a6: { size: [297.64, 419.53], cols: 1, rows: 1, margin: 0, gap: 0 },
    'a4-2x2': { size: [595.28, 841.89], cols: 2, rows: 2, margin: 18, gap: 12 },
    'a4-2x4': { size: [595.28, 841.89], cols: 2, rows: 4, margin: 18, gap: 10 },
    'label-4x3in': { size: [288, 216], cols: 1, rows: 1, margin: 0, gap: 0 },
  };

export interface BadgeBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where each badge of a page sits. */
export function badgeBoxes(layout: BadgeLayout): BadgeBox[] {
  const p = PAGES[layout];
  const w = (p.size[0] - 2 * p.margin - (p.cols - 1) * p.gap) / p.cols;
  const h = (p.size[1] - 2 * p.margin - (p.rows - 1) * p.gap) / p.rows;
  const boxes: BadgeBox[] = [];
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) boxes.push({ x: p.margin + c * (w + p.gap), y: p.margin + r * (h + p.gap), w, h });
  }
  return boxes;
}

const PAD = 12;

/** The parts of a badge in its box: the band, the QR code and the name's area, and the name fitted into it. */
export function badgeGeometry(doc: TextMeasurer, badge: Pick<Badge, 'name'>, box: BadgeBox) {
  const band = Math.max(22, Math.round(box.h * 0.11));
  const portrait = box.h > box.w * 1.2;
  const qr = Math.floor(portrait ? Math.min(box.w * 0.42, box.h * 0.3) : Math.min(box.h * 0.5, box.w * 0.34));
  const nameWidth = portrait ? box.w - 2 * PAD : box.w - 3 * PAD - qr;
  const name: FittedText = fitText(doc, pdfText(badge.name), {
    font: FONT_BOLD,
    width: nameWidth,
    maxSize: portrait ? 30 : 22,
    minSize: 8,
    // A landscape badge is short and wide: a long name takes a third line rather than tiny letters.
    maxLines: portrait ? 2 : 3,
  });
  return { band, portrait, qr, nameWidth, name };
}

function drawBadge(doc: PDFKit.PDFDocument, badge: Badge, box: BadgeBox, qrImage: Buffer) {
  const g = badgeGeometry(doc, badge, box);
  // Cut line.
  doc.rect(box.x, box.y, box.w, box.h).lineWidth(0.5).dash(3, { space: 3 }).stroke('#CBD5E1').undash();
  // The ticket type's band.
  doc.rect(box.x, box.y, box.w, g.band).fill(badge.colour);
  const type = fitText(doc, pdfText(badge.ticketType).toUpperCase(), {
    font: FONT_BOLD,
    width: box.w - 2 * PAD,
    maxSize: 12,
    minSize: 6,
    maxLines: 1,
  });
  doc
    .fillColor('#FFFFFF')
    .fontSize(type.size)
    .text(type.lines[0] ?? '', box.x + PAD, box.y + (g.band - type.size) / 2, {
      width: box.w - 2 * PAD,
      align: 'center',
      lineBreak: false,
    });

  const textX = box.x + PAD;
  let y = box.y + g.band + PAD;
  const align = g.portrait ? 'center' : 'left';
  doc.fillColor('#0F172A').font(FONT_BOLD).fontSize(g.name.size);
  for (const line of g.name.lines) {
    doc.text(line, textX, y, { width: g.nameWidth, align, lineBreak: false });
    y += g.name.size * 1.15;
  }
  y += 4;
  for (const [text, size, colour] of [
    [badge.company, 11, '#0F172A'],
    [badge.jobTitle, 9.5, '#64748B'],
  ] as const) {
    if (!text) continue;
    const fitted = fitText(doc, pdfText(text), {
      font: FONT,
      width: g.nameWidth,
      maxSize: size,
      minSize: 6,
      maxLines: 1,
    });
    doc
      .fillColor(colour)
      .fontSize(fitted.size)
      .text(fitted.lines[0] ?? '', textX, y, { width: g.nameWidth, align, lineBreak: false });
    y += fitted.size * 1.3;
  }

  const eventLine = fitText(doc, pdfText(badge.eventTitle), {
    font: FONT,
    width: g.portrait ? box.w - 2 * PAD : g.nameWidth,
    maxSize: 9,
    minSize: 5,
    maxLines: 1,
  });
  if (g.portrait) {
    const qrY = box.y + box.h - PAD - eventLine.size * 1.6 - g.qr;
    doc.image(qrImage, box.x + (box.w - g.qr) / 2, qrY, { width: g.qr, height: g.qr });
  } else {
    const qrY = box.y + g.band + (box.h - g.band - g.qr) / 2;
    doc.image(qrImage, box.x + box.w - PAD - g.qr, qrY, { width: g.qr, height: g.qr });
  }
  doc
    .fillColor('#64748B')
    .fontSize(eventLine.size)
    .text(eventLine.lines[0] ?? '', textX, box.y + box.h - PAD - eventLine.size, {
      width: g.portrait ? box.w - 2 * PAD : g.nameWidth,
      align,
      lineBreak: false,
    });
}

/** The badges as a PDF in a layout: a page per `BADGES_PER_PAGE[layout]` badges. */
export async function badgesPdf(layout: BadgeLayout, badges: Badge[]): Promise<Buffer> {
  const page = PAGES[layout];
  const doc = new PDFDocument({
    size: page.size,
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Name badges', Author: 'Tikiti', Creator: 'Tikiti' },
  });
  withTikitiFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const boxes = badgeBoxes(layout);
  const perPage = BADGES_PER_PAGE[layout];
  for (let i = 0; i < badges.length; i++) {
    if (i % perPage === 0) doc.addPage();
    const badge = badges[i]!;
    drawBadge(doc, badge, boxes[i % perPage]!, await qrPng(badge.code, 360));
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
