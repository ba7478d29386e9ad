/** What the door camera needs of a QR reader: the browser's BarcodeDetector or the polyfill's. */
export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
