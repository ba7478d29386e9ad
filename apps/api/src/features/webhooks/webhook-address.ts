import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Db } from '../../db/client.js';

/**
 * Where a webhook may be sent (docs/security.md#webhooks). In production: https only, and never
 * to an address of this machine or a private network, checked on the addresses the host
 * resolves to when the delivery is made (a host may point elsewhere later), and the connection
 * made to the very address checked, so a second resolution cannot swap it.
 */
const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  refused.addSubnet(net, prefix, 'ipv6');
}

/** True for loopback, private, link-local, carrier-grade NAT, multicast and unspecified addresses. */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return refused.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

const resolvers = new WeakMap<Db, Resolver>();

/** The resolver deliveries through this database use: the system's unless one was given (tests answer their own). */
export const resolverFor = (db: Db): Resolver => resolvers.get(db) ?? systemResolver;
export function setWebhookResolver(db: Db, resolver: Resolver) {
  resolvers.set(db, resolver);
}

export class AddressRefused extends Error {}

/** The registration's check: the URL's form (https in production) and a host that is not plainly private. */
export function urlProblem(url: string, production: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'Enter a full address, https://…';
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && !production)) return 'Use an https:// address';
  if (u.username || u.password) return 'Leave user names and passwords out of the address';
  if (production) {
    const host = u.hostname.replace(/^\[|\]$/g, '');
    if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
      return 'Use an address on the public internet';
    }
    if (isIP(host) && isNonPublicAddress(host)) return 'Use an address on the public internet';
  }
  return null;
}

/**
 * Resolves a delivery's host now and answers the address to connect to; in production, refuses
 * when any address the host resolves to is not public.
 */
export async function addressToConnect(db: Db, host: string, production: boolean): Promise<ResolvedAddress> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  const addresses = family ? [{ address: bare, family: family as 4 | 6 }] : await resolverFor(db)(bare);
  if (!addresses.length) throw new Error(`${host} does not resolve`);
  if (production) {
    const bad = addresses.find((a) => isNonPublicAddress(a.address));
    if (bad) throw new AddressRefused(`refused: ${host} resolves to ${bad.address}, not a public address`);
  }
  return addresses[0]!;
}
