import { createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';

/**
 * Verifies a Google ID token (docs/product.md#buyer-sign-in): RS256 signature against Google's published
 * keys, issuer, audience (our client id), expiry, and a verified email. Only then are its
 * claims trusted; the rest of the sign-in payload is never believed on its own.
 */
export interface GoogleIdentity {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  name: string;
  picture: string | null;
}

type Jwks = { keys: (JsonWebKey & { kid?: string })[] };

/** Google's published signing keys; GOOGLE_JWKS_URL points elsewhere (a local key set in tests). */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const GOOGLE_ISSUERS = new Set(['accounts.google.com', 'https://accounts.google.com']);
const CLOCK_SKEW_SECONDS = 60;
const KEYS_TTL_MS = 60 * 60_000;
/** An unknown key id may mean Google rotated its keys: refetch, but not more often than this. */
const REFETCH_MIN_MS = 60_000;

/** The keys fetched from each key-set URL, kept an hour. */
const cache = new Map<string, { keys: Map<string, KeyObject>; at: number }>();

async function loadKeys(url: string): Promise<Map<string, KeyObject>> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`the key set answered ${res.status}`);
  const { keys } = (await res.json()) as Jwks;
  const map = new Map<string, KeyObject>();
  for (const jwk of keys) {
    if (jwk.kid && jwk.kty === 'RSA') map.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
  }
  cache.set(url, { keys: map, at: Date.now() });
  return map;
}

async function keyFor(url: string, kid: string): Promise<KeyObject | undefined> {
  const cached = cache.get(url);
  const age = cached ? Date.now() - cached.at : Infinity;
  let keys = cached && age < KEYS_TTL_MS ? cached.keys : await loadKeys(url);
  const fresh = cache.get(url);
  if (!keys.has(kid) && fresh && Date.now() - fresh.at >= REFETCH_MIN_MS) keys = await loadKeys(url);
  return keys.get(kid);
}

export class InvalidIdTokenError extends Error {}

function decodePart(part: string | undefined): Record<string, unknown> {
  if (!part) throw new InvalidIdTokenError('malformed token');
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw new InvalidIdTokenError('malformed token');
  }
}

export async function verifyGoogleIdToken(
  credential: string,
  google: { clientId: string; jwksUrl: string },
  now = new Date(),
): Promise<GoogleIdentity> {
  const clientId = google.clientId;
  const parts = credential.split('.');
  if (parts.length !== 3) throw new InvalidIdTokenError('malformed token');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodePart(headerPart);
  if (header.alg !== 'RS256' || typeof header.kid !== 'string') throw new InvalidIdTokenError('unexpected algorithm');
  const key = await keyFor(google.jwksUrl, header.kid);
  if (!key) throw new InvalidIdTokenError('unknown signing key');
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    key,
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) throw new InvalidIdTokenError('bad signature');

  const claims = decodePart(payloadPart);
  const nowSeconds = now.getTime() / 1000;
  if (typeof claims.iss !== 'string' || !GOOGLE_ISSUERS.has(claims.iss)) throw new InvalidIdTokenError('wrong issuer');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(clientId)) throw new InvalidIdTokenError('wrong audience');
  if (typeof claims.exp !== 'number' || claims.exp + CLOCK_SKEW_SECONDS < nowSeconds)
    throw new InvalidIdTokenError('expired');
  if (typeof claims.iat === 'number' && claims.iat - CLOCK_SKEW_SECONDS > nowSeconds)
    throw new InvalidIdTokenError('issued in the future');
  if (claims.email_verified !== true && claims.email_verified !== 'true')
    throw new InvalidIdTokenError('email not verified');
  if (
    typeof claims.sub !== 'string' ||
    !claims.sub ||
    typeof claims.email !== 'string' ||
    !claims.email.includes('@')
  ) {
    throw new InvalidIdTokenError('missing subject or email');
  }
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
  return {
    sub: claims.sub,
    email: claims.email.trim().toLowerCase(),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    name: text(claims.name),
    picture:
      typeof claims.picture === 'string' && /^https:\/\//.test(claims.picture) ? claims.picture.slice(0, 2048) : null,
  };
}
