import pg from 'pg';
import { openPostgres } from './client.js';

/**
 * Moving off the embedded database (docs/operations.md#moving-to-postgresql): copies every row of
 * a database (the embedded one, reached through its wire server) into an EMPTY PostgreSQL
 * database. The target gets its schema from the same migrations, then the rows table by table in
 * the order of their foreign keys inside one transaction, then each sequence's position; the row
 * counts of both sides are compared table by table.
 *
 * Rows travel as JSON (`row_to_json` on the source, `json_populate_recordset` on the target), so
 * every column type goes through its own text form: bytea as hex, timestamps with their offset,
 * jsonb and arrays as they are. No trigger needs turning off: the audit trail's (migration 0015)
 * refuse UPDATE, DELETE and TRUNCATE, and the copy only inserts; the public lists' counts (migration
 * 0025) are filled by their triggers as the events arrive, so that table is not copied.
 */

/** The target already holds tables or sequences: the copy never mixes two databases. */
export class TargetNotEmptyError extends Error {}

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface CopyOptions {
  /** One line per step (the CLI prints them). */
  log?(line: string): void;
  /** Rows sent to the target per statement, at most (fewer when the rows are large). */
  batchRows?: number;
}

/** Rows sent per INSERT stop growing past this many bytes of JSON (images are rows too). */
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Tables the target's triggers fill as the rows they summarise arrive: copying them too would
 * count everything twice. Their counts are still compared after the copy.
 * `listed_event_ends`: the public lists' counts by day (docs/decisions/0034-catalogue-at-scale.md).
 */
const FILLED_BY_TRIGGERS = new Set(['listed_event_ends']);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables and sequences of the target outside PostgreSQL's own schemas; none means empty. */
async function objectsIn(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'S', 'v', 'm', 'f')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** Refuses a target with anything in it; the message is the one line the CLI prints. */
export async function assertEmptyTarget(targetUrl: string) {
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  try {
    const objects = await objectsIn(client);
    if (objects.length)
      throw new TargetNotEmptyError(
        `the target database is not empty (${objects.length} tables or sequences, e.g. ${objects[0]}): give db:copy a new, empty database`,
      );
  } finally {
    await client.end();
  }
}

/** The app's tables (schema public), parents before children by their foreign keys. */
async function tablesInOrder(client: pg.Client): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND n.nspname = 'public' AND k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = [...parents.keys()].filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (!ready.length)
      throw new Error(
        `db:copy: the foreign keys form a cycle among ${[...parents.keys()].filter((t) => !placed.has(t))}`,
      );
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

/** A table's columns that take values (not generated), in order. */
async function insertableColumns(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_attribute a
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [`public.${quote(table)}`],
  );
  return rows.map((r) => r.name);
}

async function countRows(client: pg.Client | pg.PoolClient, table: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM public.${quote(table)}`);
  return Number(rows[0]!.n);
}

/**
 * Copies `sourceUrl` into the empty database at `targetUrl` and returns both sides' row counts per
 * table; throws if the target is not empty (before touching it) or if any count differs.
 */
export async function copyDatabase(
  sourceUrl: string,
  targetUrl: string,
  opts: CopyOptions = {},
): Promise<TableCount[]> {
  const log = opts.log ?? (() => {});
  const batchRows = opts.batchRows ?? 2000;
  await assertEmptyTarget(targetUrl);

  log('migrating the target with the same migrations');
  const migrated = await openPostgres(targetUrl, { poolSize: 1 });
  await migrated.close();

  const source = new pg.Client({ connectionString: sourceUrl });
  const target = new pg.Client({ connectionString: targetUrl });
  await source.connect();
  await target.connect();
  try {
    const tables = await tablesInOrder(target);
    const sourceTables = new Set(
      (
        await source.query<{ name: string }>(
          `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
        )
      ).rows.map((r) => r.name),
    );
    const missing = tables.filter((t) => !sourceTables.has(t));
    const extra = [...sourceTables].filter((t) => !tables.includes(t));
    if (missing.length || extra.length)
      throw new Error(`db:copy: the two schemas differ (only in the target: ${missing}; only in the source: ${extra})`);

    // One snapshot of the source, one transaction on the target: all or nothing.
    await source.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await source.query(`SET TIME ZONE 'UTC'`);
    await target.query('BEGIN');
    await target.query(`SET LOCAL TIME ZONE 'UTC'`);
    for (const table of tables) {
      if (FILLED_BY_TRIGGERS.has(table)) continue;
      // A migration that put rows in the target would make them collide with the source's copies.
      if ((await countRows(target, table)) > 0)
        throw new Error(`db:copy: the migrations left rows in ${table} of the target; nothing was copied`);
      const columns = (await insertableColumns(target, table)).map(quote).join(', ');
      await source.query(
        `DECLARE rows_of NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM public.${quote(table)} t`,
      );
      let copied = 0;
      for (;;) {
        const { rows } = await source.query<{ r: string }>(`FETCH ${batchRows} FROM rows_of`);
        if (!rows.length) break;
        // Send in slices of at most BATCH_BYTES of JSON, so a table of images stays bounded.
        let slice: string[] = [];
        let bytes = 0;
        const flush = async () => {
          if (!slice.length) return;
          await target.query(
            `INSERT INTO public.${quote(table)} (${columns})
             SELECT ${columns} FROM json_populate_recordset(NULL::public.${quote(table)}, $1::json)`,
            [`[${slice.join(',')}]`],
          );
          copied += slice.length;
          slice = [];
          bytes = 0;
        };
        for (const { r } of rows) {
          if (bytes + r.length > BATCH_BYTES) await flush();
          slice.push(r);
          bytes += r.length;
        }
        await flush();
      }
      await source.query('CLOSE rows_of');
      log(`copied ${table}: ${copied} rows`);
    }

    // Sequences continue where the source's were, not at the highest id (a drawn, unused value stays used).
    const { rows: sequences } = await source.query<{ name: string; last_value: string | null }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text
         FROM pg_sequences WHERE schemaname = 'public'`,
    );
    for (const s of sequences) {
      if (s.last_value === null) continue;
      await target.query('SELECT setval($1::regclass, $2::bigint, true)', [s.name, s.last_value]);
    }
    log(`set ${sequences.length} sequences`);
    await target.query('COMMIT');
    await source.query('COMMIT');

    const counts: TableCount[] = [];
    for (const table of tables)
      counts.push({ table, source: await countRows(source, table), target: await countRows(target, table) });
    const differ = counts.filter((c) => c.source !== c.target);
    if (differ.length)
      throw new Error(
        `db:copy: row counts differ after the copy: ${differ.map((c) => `${c.table} ${c.source}→${c.target}`).join(', ')}`,
      );
    return counts;
  } catch (err) {
    await target.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await source.end();
    await target.end();
  }
}

/** The counts as the table the CLI prints. */
export function formatCounts(counts: TableCount[]): string {
  const width = Math.max(5, ...counts.map((c) => c.table.length));
  const lines = [`${'table'.padEnd(width)}  ${'embedded'.padStart(10)}  ${'postgresql'.padStart(10)}`];
  for (const c of counts)
    lines.push(
      `${c.table.padEnd(width)}  ${String(c.source).padStart(10)}  ${String(c.target).padStart(10)}${c.source === c.target ? '' : '  DIFFERS'}`,
    );
  return lines.join('\n');
}
