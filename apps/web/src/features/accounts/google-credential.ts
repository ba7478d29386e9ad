import { socialSignInBodySchema, type SocialSignInBody } from '@tikiti/contract';

/** The claims of a Google ID token the sign-in call repeats beside the token itself. */
interface GoogleClaims {
  sub?: unknown;
  email?: unknown;
  name?: unknown;
  picture?: unknown;
}

/** The payload of a JWT, unverified (the server verifies the token; this only fills the spec's fields). */
function readClaims(credential: string): GoogleClaims {
  try {
    const part = credential.split('.')[1] ?? '';
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as GoogleClaims) : {};
  } catch {
    return {};
  }
}

/**
 * The body of POST v1/auth/firebase for a Google credential (docs/product.md#buyer-sign-in): the
 * spec's fields taken from the decoded token, and the token itself, which alone the server
 * trusts. A claim that is missing or would not pass the contract is left out.
 */
export function googleSignInBody(credential: string): SocialSignInBody {
  const claims = readClaims(credential);
  const shape = socialSignInBodySchema.shape;
  const field = <K extends 'firebaseUid' | 'email' | 'name' | 'photoURL'>(key: K, value: unknown) => {
    const parsed = shape[key].safeParse(value);
    return parsed.success && parsed.data ? { [key]: parsed.data } : {};
  };
  return {
    ...field('firebaseUid', claims.sub),
    ...field('email', claims.email),
    ...field('name', claims.name),
    ...field('photoURL', claims.picture),
    providerId: 'google',
    credential,
  };
}
