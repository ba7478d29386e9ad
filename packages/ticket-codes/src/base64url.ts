/**
 * Base64url without padding (RFC 4648 §5), written out so the package needs neither Node's
 * `Buffer` nor a browser's `atob`. Decoding is strict: only the 64 letters of the alphabet, no
 * padding, no whitespace, and the unused low bits of the last letter must be zero, so every byte
 * string has exactly one text form and a code cannot be varied without changing its bytes.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Letter code → 6-bit value, or -1 for anything outside the alphabet. */
const VALUES: readonly number[] = (() => {
  const values = new Array<number>(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) values[ALPHABET.charCodeAt(i)] = i;
  return values;
})();

/** Encodes bytes as unpadded base64url. */
export function encodeBase64url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

/**
 * Decodes canonical unpadded base64url, or returns null for anything else (a letter outside the
 * alphabet, padding, an impossible length, non-zero unused bits). Never throws.
 */
export function decodeBase64url(text: string): Uint8Array | null {
  const length = text.length;
  if (length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((length * 3) / 4));
  let bits = 0;
  let buffer = 0;
  let o = 0;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? VALUES[c]! : -1;
    if (v < 0) return null;
    buffer = ((buffer << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (buffer >> bits) & 0xff;
    }
  }
  // The 2 or 4 bits left over after the last byte must be zero, or two texts would give one byte string.
  if (bits > 0 && (buffer & ((1 << bits) - 1)) !== 0) return null;
  return out;
}
