import type { PersistOptions, PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * Client state kept across reloads (docs/product.md#entities-and-fields). Every store that persists writes its own fields
 * into one local-storage entry, `tikiti`, shaped `{ state: {...}, version }` as it has been since
 * the app had a single store: the stores are separate, each owned by its feature, yet what a
 * visitor saved before the split (a session, a booking, a draft) is read back unchanged, and
 * nothing needs migrating. A store reads back only the fields it names, so one feature never
 * sees another's.
 */
export const STORAGE_KEY = 'tikiti';
const VERSION = 1;
/** Fields an older app persisted that no store owns any more; dropped on the next write. */
const RETIRED = ['message'];

type Saved = StorageValue<Record<string, unknown>>;

function read(name: string): Saved | null {
  try {
    const raw = localStorage.getItem(name);
    const saved = raw ? (JSON.parse(raw) as Saved) : null;
    return saved && typeof saved.state === 'object' && saved.state !== null ? saved : null;
  } catch {
    return null;
  }
}

/**
 * Runs a write to local storage; a browser that denies storage (a third-party frame, the widget's
 * on another site: docs/api.md#widget) or a full one leaves the state in memory for this page's life.
 */
function tryWrite(write: () => void) {
  try {
    write();
  } catch {
    // Nothing kept across reloads: the store still holds the state.
  }
}

/** Merges one store's fields into the shared entry, leaving every other store's fields as they are. */
const sharedStorage: PersistStorage<Record<string, unknown>> = {
  getItem: read,
  setItem(name, value) {
    const state = { ...read(name)?.state, ...value.state };
    for (const key of RETIRED) delete state[key];
    tryWrite(() => localStorage.setItem(name, JSON.stringify({ state, version: value.version })));
  },
  removeItem: (name) => tryWrite(() => localStorage.removeItem(name)),
};

function pick<T extends object, K extends keyof T>(source: unknown, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  if (typeof source !== 'object' || source === null) return out;
  for (const key of keys) {
    if (key in source) out[key] = (source as T)[key];
  }
  return out;
}

/** Options for zustand's `persist`: keep `fields` of this store in the shared `tikiti` entry. */
export function persistFields<T extends object, K extends keyof T>(
  fields: readonly K[],
): PersistOptions<T, Pick<T, K>> {
  return {
    name: STORAGE_KEY,
    version: VERSION,
    storage: sharedStorage as unknown as PersistStorage<Pick<T, K>>,
    partialize: (state) => pick<T, K>(state, fields) as Pick<T, K>,
    merge: (saved, current) => ({ ...current, ...pick<T, K>(saved, fields) }),
  };
}
