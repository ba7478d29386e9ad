import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DoorKit } from '@tikiti/contract';

/**
 * What the door keeps on the device (docs/decisions/0013-door-page-offline.md): each event's door
 * kit (tickets, public keys, counts) as last downloaded and updated by this device's own scans,
 * and the check-ins made offline that the server has not yet confirmed. IndexedDB through `idb`;
 * where a browser offers no IndexedDB (some private modes) the same shape lives in memory for the
 * visit, so the door still works online and for as long as the page stays open.
 */

/** An event's door kit as this device holds it. */
export interface StoredKit {
  event_id: number;
  kit: DoorKit;
  /** When it was last downloaded from the server. */
  saved_at: string;
}

/** A check-in made without network, waiting for POST …/checkin/sync. */
export interface PendingScan {
  local_id: string;
  event_id: number;
  code: string;
  /** The device's own time of the scan (ISO). */
  scanned_at: string;
  /** What this device admitted, to count it and to keep it admitted over a fresh download. */
  ticket_ids: number[];
  persons: number;
}

export interface DoorStore {
  getKit(eventId: number): Promise<StoredKit | undefined>;
  putKit(kit: StoredKit): Promise<void>;
  listKits(): Promise<StoredKit[]>;
  addScan(scan: PendingScan): Promise<void>;
  /** The event's waiting scans, oldest first. */
  pendingScans(eventId: number, limit?: number): Promise<PendingScan[]>;
  countPending(eventId: number): Promise<number>;
  removeScans(localIds: string[]): Promise<void>;
  /** Drops every kit (the attendees' names), keeping the scans that still wait to sync. */
  clearKits(): Promise<void>;
}

interface DoorDb extends DBSchema {
  kits: { key: number; value: StoredKit };
  scans: { key: string; value: PendingScan; indexes: { 'by-event-time': [number, string] } };
}

export const DOOR_DB = 'tikiti-door';
const byEvent = (eventId: number) => IDBKeyRange.bound([eventId, ''], [eventId, '\uffff']);

function idbStore(db: IDBPDatabase<DoorDb>): DoorStore {
  return {
    getKit: (eventId) => db.get('kits', eventId),
    putKit: async (kit) => void (await db.put('kits', kit)),
    listKits: () => db.getAll('kits'),
    addScan: async (scan) => void (await db.put('scans', scan)),
    pendingScans: (eventId, limit) => db.getAllFromIndex('scans', 'by-event-time', byEvent(eventId), limit),
    countPending: (eventId) => db.countFromIndex('scans', 'by-event-time', byEvent(eventId)),
    removeScans: async (localIds) => {
      const tx = db.transaction('scans', 'readwrite');
      await Promise.all([...localIds.map((id) => tx.store.delete(id)), tx.done]);
    },
    clearKits: () => db.clear('kits'),
  };
}

function memoryStore(): DoorStore {
  const kits = new Map<number, StoredKit>();
  const scans = new Map<string, PendingScan>();
  const ofEvent = (eventId: number) =>
    [...scans.values()]
      .filter((s) => s.event_id === eventId)
      .sort((a, b) => (a.scanned_at < b.scanned_at ? -1 : a.scanned_at > b.scanned_at ? 1 : 0));
  return {
    getKit: async (eventId) => structuredClone(kits.get(eventId)),
    putKit: async (kit) => void kits.set(kit.event_id, structuredClone(kit)),
    listKits: async () => structuredClone([...kits.values()]),
    addScan: async (scan) => void scans.set(scan.local_id, structuredClone(scan)),
    pendingScans: async (eventId, limit) => structuredClone(ofEvent(eventId).slice(0, limit)),
    countPending: async (eventId) => ofEvent(eventId).length,
    removeScans: async (localIds) => localIds.forEach((id) => scans.delete(id)),
    clearKits: async () => kits.clear(),
  };
}

let opened: Promise<DoorStore> | null = null;

/** The device's door store, opened once per visit. */
export function doorStore(): Promise<DoorStore> {
  opened ??= (async () => {
    if (typeof indexedDB === 'undefined') return memoryStore();
    try {
      const db = await openDB<DoorDb>(DOOR_DB, 1, {
        upgrade(upgrading) {
          upgrading.createObjectStore('kits', { keyPath: 'event_id' });
          const scans = upgrading.createObjectStore('scans', { keyPath: 'local_id' });
          scans.createIndex('by-event-time', ['event_id', 'scanned_at']);
        },
      });
      return idbStore(db);
    } catch {
      return memoryStore();
    }
  })();
  return opened;
}

/** Forgets the opened store (the next call opens it again; an in-memory store starts empty). */
export function closeDoorStore() {
  opened = null;
}
