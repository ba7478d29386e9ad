import type { Config } from './config.js';
import type { Db } from './db/client.js';

/** What every feature's routes are given: configuration and the database. */
export interface AppContext {
  config: Config;
  db: Db;
}
