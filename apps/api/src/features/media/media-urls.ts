import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { appSecret } from '../../lib/app-secrets.js';

/**
 * An image's addresses, as events carry them: the JPEGs (`image`, `image_card`) and, for
 * `<img srcset>`, the same pictures as WebP at several widths, so a phone downloads a picture
 * the size of its screen (docs/architecture.md, "Images").
 */
export interface ImageUrls {
  image: string;
  image_card: string;
  image_srcset: string;
  image_card_srcset: string;
}

/** Widths the WebP renditions come in (GET /media/{key}/{width}.webp and /media/{key}/card/{width}.webp). */
export const IMAGE_WIDTHS = [640, 1080, 1600] as const;
export const CARD_WIDTHS = [400, 800] as const;

const srcset = (url: (w: number) => string, widths: readonly number[], query = '') =>
  widths.map((w) => `${url(w)}${query} ${w}w`).join(', ');

function imageUrls(key: string, query = ''): ImageUrls {
  return {
    image: `/media/${key}.jpg${query}`,
    image_card: `/media/${key}/card.jpg${query}`,
    image_srcset: srcset((w) => `/media/${key}/${w}.webp`, IMAGE_WIDTHS, query),
    image_card_srcset: srcset((w) => `/media/${key}/card/${w}.webp`, CARD_WIDTHS, query),
  };
}

/** The addresses of an image anyone may see: one of a published event. */
export const publicImageUrls = (key: string): ImageUrls => imageUrls(key);

const SECRET_NAME = 'media-url-signing';
const HOUR_MS = 3_600_000;
/** A signed address works for a day; it is minted per hour, so a browser can cache it meanwhile. */
const SIGNED_URL_HOURS = 24;

const mac = (secret: Buffer, key: string, expires: number) =>
  createHmac('sha256', secret).update(`${key}:${expires}`).digest('base64url').slice(0, 32);

/**
 * Signs image addresses for an organiser's own views (docs/security.md, "Images"): a draft
 * event's image is served only with a valid signature, which only the organisation's
 * authenticated calls hand out. Returns a synchronous signer for the many events of a page.
 */
export async function imageUrlSigner(db: Db, now = Date.now()): Promise<(key: string) => ImageUrls> {
  const secret = await appSecret(db, SECRET_NAME);
  const expires = (Math.floor(now / HOUR_MS) + 1 + SIGNED_URL_HOURS) * HOUR_MS;
  return (key) => imageUrls(key, `?sig=${expires}.${mac(secret, key, expires)}`);
}

/** True when `sig` (from `?sig=`) is a live signature of `key` made by this application. */
export async function signatureValid(db: Db, key: string, sig: string | undefined, now = Date.now()) {
  const match = /^(\d{13})\.([\w-]{32})$/.exec(sig ?? '');
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= now) return false;
  const expected = Buffer.from(mac(await appSecret(db, SECRET_NAME), key, expires));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
