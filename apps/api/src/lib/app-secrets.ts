import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSecrets } from '../db/schema/index.js';

const cached = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/**
 * A random secret the application keeps in its database under `name`: made on first use
 * (the first instance to ask wins, the others read what it wrote) and cached per database
 * handle afterwards. Never logged, never sent.
 */
export function appSecret(db: Db, name: string): Promise<Buffer> {
  let forDb = cached.get(db);
  if (!forDb) cached.set(db, (forDb = new Map()));
  let secret = forDb.get(name);
  if (!secret) {
    secret = loadOrCreate(db, name);
    forDb.set(name, secret);
    secret.catch(() => forDb.delete(name));
  }
  return secret;
}

async function loadOrCreate(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return Buffer.from(row!.value, 'base64url');
}
