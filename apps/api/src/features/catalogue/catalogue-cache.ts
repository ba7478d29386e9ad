import type { Db } from '../../db/client.js';

/**
 * A short-lived cache of the public catalogue's serialised responses (the hottest reads:
 * every home and event page). Entries live `ttlMs` and are dropped at once when this
 * instance changes an event or its tickets; other instances see a change within `ttlMs`.
 * No request depends on it for correctness: bookings always check capacity in PostgreSQL.
 * Concurrent misses for one key share a single load (no stampede on expiry).
 */
export class CatalogueCache {
  private readonly entries = new Map<string, { expires: number; body: Promise<string> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  async get(key: string, load: () => Promise<string>): Promise<string> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.body;
    const body = load();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { expires: now + this.ttlMs, body });
    // A failed load (a 404, a database error) is not kept.
    body.catch(() => {
      if (this.entries.get(key)?.body === body) this.entries.delete(key);
    });
    return body;
  }

  clear() {
    this.entries.clear();
  }
}

const caches = new WeakMap<Db, CatalogueCache>();

/** The catalogue cache of the app that runs on `db` (one app per database handle). */
export function catalogueCacheFor(db: Db, ttlMs: number): CatalogueCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new CatalogueCache(ttlMs)));
  return cache;
}

/** Called after an event or its ticket types change, so buyers see the change at once. */
export function invalidatePublicCatalogue(db: Db) {
  caches.get(db)?.clear();
}
