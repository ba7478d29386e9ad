import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import jsQRModule from 'jsqr';

/** jsqr is CommonJS with a `default` beside itself. */
const jsQR = jsQRModule.default;

interface PdfImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  kind: number;
}

/** RGBA pixels of a pdf.js image (kind 1: 1 bit grey, 2: RGB, 3: RGBA). */
function rgba(img: PdfImage): Uint8ClampedArray {
  const n = img.width * img.height;
  const out = new Uint8ClampedArray(n * 4);
  if (img.kind === 3) return new Uint8ClampedArray(img.data);
  if (img.kind === 2) {
    for (let i = 0; i < n; i++) {
      out[i * 4] = img.data[i * 3]!;
      out[i * 4 + 1] = img.data[i * 3 + 1]!;
      out[i * 4 + 2] = img.data[i * 3 + 2]!;
      out[i * 4 + 3] = 255;
    }
    return out;
  }
  const rowBytes = Math.ceil(img.width / 8);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const bit = (img.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
      const v = bit ? 255 : 0;
      const i = (y * img.width + x) * 4;
      out[i] = out[i + 1] = out[i + 2] = v;
      out[i + 3] = 255;
    }
  }
  return out;
}

/** The text each QR image of each page decodes to, read back from the PDF as a reader would draw it. */
export async function pdfQrCodes(bytes: Buffer): Promise<string[][]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[][] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const ops = await page.getOperatorList();
    const found: string[] = [];
    for (let i = 0; i < ops.fnArray.length; i++) {
      if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
      const name = (ops.argsArray[i] as [string])[0];
      const img = await new Promise<PdfImage>((resolve) => page.objs.get(name, resolve));
      const text = jsQR(rgba(img), img.width, img.height)?.data;
      if (text) found.push(text);
    }
    pages.push(found);
  }
  await doc.destroy();
  return pages;
}
