import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { QrDetector } from './qr-detector';

/** The polyfill's detector, its WebAssembly fetched from our own origin (a lazy chunk: see barcode.ts). */
export function polyfillDetector(): QrDetector {
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
