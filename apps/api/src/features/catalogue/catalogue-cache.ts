import type { Db } from '../../db/client.js';

/** Bounds of one instance's cache: entries and bytes of serialised responses. */
export interface CacheBounds {
  maxEntries: number;
  maxBytes: number;
}

export const DEFAULT_CACHE_BOUNDS: CacheBounds = { maxEntries: 500, maxBytes: 32 * 1024 * 1024 };

interface Entry {
  expires: number;
  body: Promise<string>;
  /** Known once the body has loaded. */
  bytes: number;
}

/**
 * A short-lived cache of the public catalogue's serialised responses (the hottest reads:
 * every home and event page; docs/decisions/0002-catalogue-cache-1s.md). Entries live
 * `ttlMs` and are dropped at once when this instance changes an event or its tickets;
 * other instances see a change within `ttlMs`. No request depends on it for correctness:
 * bookings always check capacity in PostgreSQL. Concurrent misses for one key share a
 * single load (no stampede on expiry).
 *
 * Callers key entries on the validated query, never the raw URL, so junk parameters all
 * land on one entry; the cache is bounded in entries and bytes, and expired entries are
 * evicted as new ones arrive (oldest first: entries are kept in the order they were made).
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly bounds: CacheBounds = DEFAULT_CACHE_BOUNDS,
  ) {}

  get size() {
    return this.entries.size;
  }

  get bytes() {
    return this.totalBytes;
  }

  async get(key: string, load: () => Promise<string>): Promise<string> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.body;
    if (hit) this.remove(key);
    this.evict(now);
    const body = load();
    const entry: Entry = { expires: now + this.ttlMs, body, bytes: 0 };
    this.entries.set(key, entry);
    body.then(
      (text) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = Buffer.byteLength(text);
        this.totalBytes += entry.bytes;
        this.evict(Date.now());
      },
      // A failed load (a 404, a database error) is not kept.
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    return body;
  }

  clear() {
    this.entries.clear();
    this.totalBytes = 0;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    this.entries.delete(key);
  }

  /** Drops expired entries from the oldest end, then the oldest live ones while over a bound. */
  private evict(now: number) {
    for (const [key, entry] of this.entries) {
      const over = this.entries.size >= this.bounds.maxEntries || this.totalBytes > this.bounds.maxBytes;
      if (entry.expires > now && !over) break;
      this.remove(key);
    }
  }
}

/** The cache key of a validated query: its fields in a fixed order, so equal queries share an entry. */
export function queryKey(prefix: string, query: Record<string, unknown>): string {
  const fields = Object.keys(query)
    .sort()
    .filter((k) => query[k] !== undefined)
    .map((k) => [k, query[k]]);
  return `${prefix}:${JSON.stringify(fields)}`;
}

const caches = new WeakMap<Db, CatalogueCache>();

/** The catalogue cache of the app that runs on `db` (one app per database handle). */
export function catalogueCacheFor(db: Db, ttlMs: number): CatalogueCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new CatalogueCache(ttlMs)));
  return cache;
}

const changeListeners = new WeakMap<Db, () => void>();

/** What else must hear of a change on `db` (the read replica: read the primary for a while). */
export function onPublicCatalogueChange(db: Db, listener: () => void) {
  changeListeners.set(db, listener);
}

/** Called after an event or its ticket types change, so buyers see the change at once. */
export function invalidatePublicCatalogue(db: Db) {
  caches.get(db)?.clear();
  changeListeners.get(db)?.();
}
