import sharp from 'sharp';

/**
 * Cover images for the demo events, drawn locally from SVG (no downloads): a gradient in
 * the category's colours, abstract shapes placed by a seeded generator, and the title.
 * The same inputs always give the same picture.
 */
export interface CoverSpec {
  seed: number;
  title: string;
  label: string;
  place: string;
  colors: { from: string; to: string; accent: string };
}

export const COVER_SIZE = { width: 1200, height: 600 } as const;

/** mulberry32: a tiny deterministic PRNG, enough for placing shapes. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Breaks a title into lines of at most `width` characters, at word boundaries. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function coverSvg(spec: CoverSpec): string {
  const rnd = seededRandom(spec.seed);
  const { width: W, height: H } = COVER_SIZE;
  const r = (min: number, max: number) => Math.round(min + rnd() * (max - min));
  const shapes: string[] = [];
  // Large soft circles on the right half.
  for (let i = 0; i < 3; i++) {
    shapes.push(
      `<circle cx="${r(700, 1150)}" cy="${r(-50, 650)}" r="${r(110, 300)}" fill="${i === 1 ? spec.colors.accent : '#ffffff'}" fill-opacity="${(0.06 + rnd() * 0.16).toFixed(2)}"/>`,
    );
  }
  // Tilted rounded squares.
  for (let i = 0; i < 2; i++) {
    const size = r(120, 260);
    const x = r(620, 1050);
    const y = r(60, 420);
    shapes.push(
      `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${r(16, 48)}" fill="#ffffff" fill-opacity="0.07" transform="rotate(${r(-35, 35)} ${x + size / 2} ${y + size / 2})"/>`,
    );
  }
  // A dotted grid and a few diagonal strokes.
  const gx = r(760, 980);
  const gy = r(60, 360);
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 7; col++) {
      shapes.push(`<circle cx="${gx + col * 26}" cy="${gy + row * 26}" r="3" fill="#ffffff" fill-opacity="0.35"/>`);
    }
  }
  for (let i = 0; i < 3; i++) {
    const x = r(600, 1100);
    shapes.push(
      `<line x1="${x}" y1="${H + 20}" x2="${x + r(120, 320)}" y2="${r(250, 450)}" stroke="${spec.colors.accent}" stroke-opacity="0.45" stroke-width="${r(3, 9)}" stroke-linecap="round"/>`,
    );
  }

  let size = 62;
  let lines = wrap(spec.title, 21);
  if (lines.length > 3) {
    size = 50;
    lines = wrap(spec.title, 27).slice(0, 4);
  }
  const lineHeight = Math.round(size * 1.2);
  const top = 300 - ((lines.length - 1) * lineHeight) / 2 + size / 3;
  const title = lines
    .map((l, i) => `<tspan x="72" y="${Math.round(top + i * lineHeight)}">${escapeXml(l)}</tspan>`)
    .join('');
  const font = 'font-family="Inter, \'DejaVu Sans\', Arial, sans-serif"';
  const angle = r(0, 1);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="${angle}"><stop offset="0" stop-color="${spec.colors.from}"/><stop offset="1" stop-color="${spec.colors.to}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
${shapes.join('\n')}
<rect x="72" y="84" width="56" height="6" rx="3" fill="${spec.colors.accent}"/>
<text x="72" y="134" ${font} font-size="24" font-weight="bold" letter-spacing="4" fill="#ffffff" fill-opacity="0.85">${escapeXml(spec.label.toUpperCase())}</text>
<text ${font} font-size="${size}" font-weight="bold" fill="#ffffff">${title}</text>
<text x="72" y="532" ${font} font-size="26" fill="#ffffff" fill-opacity="0.9">${escapeXml(spec.place)}</text>
</svg>`;
}

/** Renders a cover to JPEG bytes, ready for the media store. */
export function renderCover(spec: CoverSpec): Promise<Buffer> {
  return sharp(Buffer.from(coverSvg(spec)))
    .jpeg({ quality: 88 })
    .toBuffer();
}
