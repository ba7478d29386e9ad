/**
 * A QR reader for the door camera: the browser's own `BarcodeDetector` where it reads QR codes
 * (Chrome on Android, Safari 17+ on some devices), else the `barcode-detector` polyfill (ZXing
 * compiled to WebAssembly), loaded only now, with its `.wasm` served from our own origin
 * (bundled by Vite, cached by the service worker) rather than the CDN it names by default.
 */
import type { QrDetector } from './qr-detector';

export type { QrDetector } from './qr-detector';

interface DetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

let loading: Promise<QrDetector> | null = null;

async function load(): Promise<QrDetector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    try {
      if ((await native.getSupportedFormats()).includes('qr_code')) return new native({ formats: ['qr_code'] });
    } catch {
      // A detector that cannot list its formats: use the polyfill.
    }
  }
  const { polyfillDetector } = await import('./barcode-polyfill');
  return polyfillDetector();
}

/** The detector, made once per visit. */
export function qrDetector(): Promise<QrDetector> {
  loading ??= load();
  loading.catch(() => (loading = null));
  return loading;
}

/** Forgets a detector that fails on every frame, so the next start makes a new one. */
export function dropQrDetector() {
  loading = null;
}
