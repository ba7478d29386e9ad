import type { Db } from '../client.js';

/** Loads the demo marketplace into an empty database (DESIGN.md §2). */
export async function seedDemoData(_db: Db): Promise<void> {
  // Filled in by the catalogue work: categories, organisers, events, ticket types, images.
}
