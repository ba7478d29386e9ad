import fs from 'node:fs';

/**
 * The fonts of every PDF Tikiti makes (tickets, badges, certificates, tax documents, statements):
 * Liberation Sans, embedded (apps/api/fonts/README.md). Helvetica, built into PDF readers, writes
 * Windows-1252 only, so "Wanjirũ" printed as "Wanjiru"; this font keeps the name as it was typed.
 */
export const FONT = 'Tikiti-Regular';
export const FONT_BOLD = 'Tikiti-Bold';

const dir = new URL('../../fonts/', import.meta.url);
const regular = fs.readFileSync(new URL('LiberationSans-Regular.ttf', dir));
const bold = fs.readFileSync(new URL('LiberationSans-Bold.ttf', dir));

/** Registers the fonts on a new document and starts it in the regular one. */
export function withTikitiFonts(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  doc.registerFont(FONT, regular);
  doc.registerFont(FONT_BOLD, bold);
  return doc.font(FONT);
}

/** What the embedded font draws (its glyphs were listed with fontkit when the font was added). */
const RANGES: [number, number][] = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0x17f], // Latin-1 and Latin Extended-A: ũ, ĩ, ū, ñ, ø, ł, ő …
  [0x391, 0x3a1], // Greek capitals (0x3a2 is unassigned)
  [0x3a3, 0x3c9], // the rest of Greek
  [0x400, 0x45f], // Cyrillic
];
const EXTRA = new Set('–—‘’‚“”„†‡•…‰‹›€™ƒˆ˜');
const drawable = (ch: string) => {
  const c = ch.codePointAt(0)!;
  return RANGES.some(([a, b]) => c >= a && c <= b) || EXTRA.has(ch);
};

/**
 * Text as the PDF writes it: white space folded to single spaces; a letter the font lacks loses
 * its marks when that makes it drawable (ǖ → u), and anything else becomes "?", never a wrong glyph.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ')) {
    if (drawable(ch)) {
      out += ch;
      continue;
    }
    const plain = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    out += plain && [...plain].every(drawable) ? plain : '?';
  }
  return out.trim();
}
