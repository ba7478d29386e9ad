import QRCode from 'qrcode';

/**
 * A QR image (PNG) of a ticket code: error correction M (a smudge or a crease still scans;
 * a typical 113-character code fits a 45 x 45 symbol), the standard quiet zone of 4 modules,
 * black on white for the cheapest scanners. About 300 px for a page; more for print.
 */
export function qrPng(text: string, width = 300): Promise<Buffer> {
  return QRCode.toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width,
    color: { dark: '#000000', light: '#ffffff' },
  });
}
