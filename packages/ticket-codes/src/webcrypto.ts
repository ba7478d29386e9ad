/**
 * The few WebCrypto calls the package makes, typed here so it compiles with neither the DOM nor
 * Node's types (its build tsconfig has `"types": []` and no DOM library): code that reached for a
 * Node-only or browser-only API would not compile. At run time this is `globalThis.crypto.subtle`
 * with the `Ed25519` algorithm of Node 20.19+, Node 22, Node 24, Chrome/Edge 137+, Firefox 129+
 * and Safari 17+.
 */

/** An opaque WebCrypto key. */
export interface WebCryptoKey {
  readonly type: string;
}

interface Ed25519Algorithm {
  name: 'Ed25519';
}

interface Subtle {
  generateKey(
    algorithm: Ed25519Algorithm,
    extractable: boolean,
    usages: string[],
  ): Promise<{ publicKey: WebCryptoKey; privateKey: WebCryptoKey }>;
  importKey(
    format: 'raw' | 'pkcs8',
    data: Uint8Array,
    algorithm: Ed25519Algorithm,
    extractable: boolean,
    usages: string[],
  ): Promise<WebCryptoKey>;
  exportKey(format: 'raw' | 'pkcs8', key: WebCryptoKey): Promise<ArrayBuffer>;
  exportKey(format: 'jwk', key: WebCryptoKey): Promise<{ x?: string; d?: string }>;
  sign(algorithm: Ed25519Algorithm, key: WebCryptoKey, data: Uint8Array): Promise<ArrayBuffer>;
  verify(algorithm: Ed25519Algorithm, key: WebCryptoKey, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
}

export const ED25519: Ed25519Algorithm = { name: 'Ed25519' };

/**
 * `crypto.subtle`, or a clear error where there is none: a browser hides it on a page that is not
 * a secure context (served over plain HTTP from anywhere but localhost).
 */
export function subtle(): Subtle {
  const found = (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle;
  if (!found) {
    throw new Error(
      'WebCrypto is unavailable here: in a browser the page must be a secure context (HTTPS or localhost)',
    );
  }
  return found;
}

/** The PKCS#8 (RFC 8410) wrapping of a 32-byte Ed25519 seed: this fixed header, then the seed. */
const PKCS8_HEADER = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];

/** Wraps a 32-byte seed as PKCS#8, the only private-key form WebCrypto imports for Ed25519. */
export function seedToPkcs8(seed: Uint8Array): Uint8Array {
  const out = new Uint8Array(PKCS8_HEADER.length + seed.length);
  out.set(PKCS8_HEADER, 0);
  out.set(seed, PKCS8_HEADER.length);
  return out;
}

/** Unwraps the seed from PKCS#8 as WebCrypto exports it (the fixed header, then 32 bytes). */
export function pkcs8ToSeed(pkcs8: Uint8Array): Uint8Array {
  if (pkcs8.length !== PKCS8_HEADER.length + 32 || PKCS8_HEADER.some((b, i) => pkcs8[i] !== b)) {
    throw new Error('unexpected PKCS#8 form of an Ed25519 private key');
  }
  return pkcs8.slice(PKCS8_HEADER.length);
}

/**
 * Imported keys by their text, so a door device checking hundreds of codes imports its key once.
 * A few entries are plenty (the current key and the one before it); the oldest goes first.
 */
const CACHE_SIZE = 8;
const cache = new Map<string, Promise<WebCryptoKey>>();

export function cachedKey(id: string, load: () => Promise<WebCryptoKey>): Promise<WebCryptoKey> {
  const hit = cache.get(id);
  if (hit) return hit;
  const loading = load();
  cache.set(id, loading);
  loading.catch(() => cache.delete(id));
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return loading;
}
