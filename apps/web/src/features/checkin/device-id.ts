/**
 * The door device's name (docs/decisions/0013-door-page-offline.md): made once per device
 * ("Door 3F9K") and kept in its own local-storage entry, so it outlives sign-outs and names this
 * phone beside each check-in it makes, online or synced later.
 */
export const DEVICE_KEY = 'tikiti-door-device';
/** No 0/O, 1/I: a name read aloud at a busy door must not be mistaken. */
const LETTERS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const NAME = /^Door [2-9A-HJ-NP-Z]{4}$/;

function makeName(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return `Door ${[...bytes].map((b) => LETTERS[b % LETTERS.length]).join('')}`;
}

/** This device's door name, made and kept on first use. */
export function doorDeviceId(): string {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(DEVICE_KEY);
  } catch {
    // Storage refused (a locked-down browser): a name for this visit only.
  }
  if (saved && NAME.test(saved)) return saved;
  const name = makeName();
  try {
    localStorage.setItem(DEVICE_KEY, name);
  } catch {
    // As above.
  }
  return name;
}

/** A local id for one offline scan, unique on this device (the server's idempotency key with the device id). */
export function newLocalId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
