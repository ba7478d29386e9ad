import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { ReadReplica } from './db/replica.js';

/** What every feature's routes are given: configuration and the database. */
export interface AppContext {
  config: Config;
  db: Db;
  /** The pool behind `db`, when there is one (for /metrics). */
  poolStats?: Database['poolStats'];
  /** The read replica of the public catalogue, when DATABASE_REPLICA_URL is set (docs/decisions/0032-read-replica.md). */
  replica?: ReadReplica;
}
