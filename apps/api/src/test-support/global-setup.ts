import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openEmbedded, openPostgres } from '../db/client.js';
import { startPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection URL of the test server's maintenance database (api-postgres project). */
    postgresUrl: string;
    /** A PGlite data-dir dump with the migrations applied (api-pglite project). */
    pgliteDump: string;
  }
}

/**
 * Prepares one migrated template per test run: a database named tikiti_template on a
 * throwaway PostgreSQL server, or a dumped PGlite data dir. Test files copy it.
 */
export default async function setup(project: TestProject) {
  if (project.name === 'api-postgres') {
    const server = await startPostgres();
    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE tikiti_template');
    await admin.end();
    const template = await openPostgres(server.url('tikiti_template'), { poolSize: 2 });
    await template.close();
    project.provide('postgresUrl', server.url());
    return () => server.stop();
  }
  if (project.name === 'api-pglite') {
    const template = await openEmbedded();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-pglite-')), 'template.tar');
    await template.dumpTo(file);
    await template.close();
    project.provide('pgliteDump', file);
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
