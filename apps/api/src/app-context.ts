import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';

/** What every feature's routes are given: configuration and the database. */
export interface AppContext {
  config: Config;
  db: Db;
  /** The pool behind `db`, when there is one (for /metrics). */
  poolStats?: Database['poolStats'];
}
