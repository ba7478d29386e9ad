/**
 * Fitting a name into a box (docs/product.md#name-badges): the largest font size, stepping down
 * by half a point, at which the text takes at most `maxLines` lines, each no wider than `width`,
 * measured by pdfkit's own `widthOfString`. Words are never cut: a word that is wider than the
 * box on its own at the smallest size is split at letters only then, so nothing ever overflows.
 */
export interface TextMeasurer {
  font(name: string): unknown;
  fontSize(size: number): unknown;
  widthOfString(text: string): number;
}

export interface FittedText {
  size: number;
  lines: string[];
}

function wrap(doc: TextMeasurer, words: string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || doc.widthOfString(candidate) <= width) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Splits a word into pieces no wider than `width` (only for a word too long for the box at the smallest size). */
function splitWord(doc: TextMeasurer, word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && doc.widthOfString(piece + ch) > width) {
      pieces.push(piece);
      piece = ch;
    } else piece += ch;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

export function fitText(
  doc: TextMeasurer,
  text: string,
  o: { font: string; width: number; maxSize: number; minSize: number; maxLines: number },
): FittedText {
  const words = text.split(/\s+/).filter(Boolean);
  doc.font(o.font);
  for (let size = o.maxSize; size >= o.minSize; size -= 0.5) {
    doc.fontSize(size);
    if (words.some((w) => doc.widthOfString(w) > o.width)) continue;
    const lines = wrap(doc, words, o.width);
    if (lines.length <= o.maxLines) return { size, lines };
  }
  doc.fontSize(o.minSize);
  const pieces = words.flatMap((w) => (doc.widthOfString(w) > o.width ? splitWord(doc, w, o.width) : [w]));
  return { size: o.minSize, lines: wrap(doc, pieces, o.width) };
}
