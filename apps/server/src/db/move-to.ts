import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * `npm run db:move-to -- postgres://…` (docs/deploy.md, "From the quick start to PostgreSQL"): moves an embedded
 * quick start's data (PGlite in DATA_DIR/pgdata) into a new, empty PostgreSQL database. The target gets the
 * migrations, then every table of the public schema is copied in one transaction, with its foreign keys checked at
 * the commit and its own triggers off (the rows are copied as they are, computed columns included); sequences, if
 * any, are set past the copied rows. Uploaded files, the generated secrets and the app releases stay in DATA_DIR:
 * the server on PostgreSQL keeps using them there.
 */

/** A refusal with the words to show the operator: nothing was written. */
export class MoveError extends Error {}

export interface MoveSummary {
  tables: { name: string; rows: number }[];
  /** Files under DATA_DIR/uploads, which stay where they are. */
  files: number;
  ms: number;
}

/** Rows read from PGlite and written to PostgreSQL at a time. */
const BATCH = 1000;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The URL with its password hidden, for messages. */
export const shownUrl = (url: string) => url.replace(/^(postgres(?:ql)?:\/\/[^:/@]+):[^@]*@/, '$1:***@');

export async function moveTo(options: { dataDir: string; targetUrl: string }): Promise<MoveSummary> {
  const started = Date.now();
  const pgdata = join(options.dataDir, 'pgdata');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    throw new MoveError(`No embedded database in ${pgdata}: set DATA_DIR to the quick start's data directory.`);
  }
  if (existsSync(join(pgdata, 'postmaster.pid'))) {
    throw new MoveError(
      `The embedded database in ${pgdata} is in use: stop the server first (or, if it stopped without closing it, start and stop it once), then run this again.`,
    );
  }
  await refuseNonEmpty(options.targetUrl);

  const source = await openDatabase({ dataDir: options.dataDir });
  try {
    // Both sides at the same migration: the code that moves is the code that will run.
    await migrate(source);
    const target = await openDatabase({ url: options.targetUrl, poolSize: 1 });
    try {
      await migrate(target);
    } finally {
      await target.close();
    }
    const client = new pg.Client({ connectionString: options.targetUrl });
    await client.connect();
    try {
      const tables = await copyAll(source.db, client);
      return { tables, files: countFiles(join(options.dataDir, 'uploads')), ms: Date.now() - started };
    } finally {
      await client.end();
    }
  } finally {
    await source.close();
  }
}

/** Only a new database: one that holds no table in any schema of its own. */
async function refuseNonEmpty(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new MoveError(`Cannot connect to ${shownUrl(url)}: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ name: string }>(
      `select schemaname || '.' || tablename as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    );
    if (rows.length > 0) {
      const names = rows.map((r) => r.name);
      throw new MoveError(
        `The target database ${shownUrl(url)} is not empty: it holds ${rows.length} table(s) (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}). db:move-to fills a new, empty database only: create one (createdb, or CREATE DATABASE) and run this again.`,
      );
    }
  } finally {
    await client.end();
  }
}

type Source = Awaited<ReturnType<typeof openDatabase>>['db'];

async function copyAll(source: Source, target: pg.Client) {
  const tables = (
    await target.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    )
  ).rows.map((r) => r.name);
  const sourceTables = new Set(
    (
      await queryRows<{ name: string }>(
        source,
        sql`select tablename as name from pg_tables where schemaname = 'public'`,
      )
    ).map((r) => r.name),
  );
  const missing = tables.filter((name) => !sourceTables.has(name));
  if (missing.length) throw new MoveError(`The embedded database lacks table(s) ${missing.join(', ')}.`);
  const foreignKeys = (
    await target.query<{ tbl: string; name: string }>(
      `select c.conrelid::regclass::text as tbl, c.conname as name from pg_constraint c
         join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public' and not c.condeferrable`,
    )
  ).rows;
  const copied: { name: string; rows: number }[] = [];
  await target.query('begin');
  try {
    // Checked once at the commit, so the order of the tables (and of a table's rows that point at each other)
    // does not matter; put back as they were before the commit.
    for (const fk of foreignKeys) {
      await target.query(`alter table ${fk.tbl} alter constraint ${ident(fk.name)} deferrable initially deferred`);
    }
    for (const table of tables) await target.query(`alter table ${ident(table)} disable trigger user`);
    // The rows the migrations wrote (a generated key, say) are the source's to give: its own came the same way.
    await target.query(`truncate ${tables.map(ident).join(', ')}`);
    for (const table of tables) copied.push({ name: table, rows: await copyTable(source, target, table) });
    await target.query('set constraints all immediate');
    for (const table of tables) await target.query(`alter table ${ident(table)} enable trigger user`);
    for (const fk of foreignKeys) {
      await target.query(`alter table ${fk.tbl} alter constraint ${ident(fk.name)} not deferrable`);
    }
    await resetSequences(target);
    for (const { name, rows } of copied) {
      const { rows: counted } = await target.query<{ n: string }>(`select count(*) as n from ${ident(name)}`);
      if (Number(counted[0]!.n) !== rows) {
        throw new Error(`${name}: ${rows} rows copied but ${counted[0]!.n} found in the target`);
      }
    }
    await target.query('commit');
  } catch (error) {
    await target.query('rollback').catch(() => {});
    throw error;
  }
  return copied;
}

/**
 * One table, a batch at a time through a cursor: each row leaves PGlite as JSON text (timestamps to the microsecond,
 * bytea as hex, arrays as arrays) and becomes a row of the same type in PostgreSQL by its column names.
 */
async function copyTable(source: Source, target: pg.Client, table: string): Promise<number> {
  return source.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`declare move_rows no scroll cursor for select row_to_json(t)::text as r from ${ident(table)} t`),
    );
    let count = 0;
    for (;;) {
      const rows = await queryRows<{ r: string }>(tx, sql.raw(`fetch ${BATCH} from move_rows`));
      if (rows.length === 0) break;
      await target.query(
        `insert into ${ident(table)} select * from json_populate_recordset(null::${ident(table)}, $1::json)`,
        [`[${rows.map((row) => row.r).join(',')}]`],
      );
      count += rows.length;
    }
    await tx.execute(sql.raw('close move_rows'));
    return count;
  });
}

/** Every sequence owned by a column starts after the largest value copied (none today; a later table may add one). */
async function resetSequences(target: pg.Client) {
  const { rows } = await target.query<{ seq: string; tbl: string; col: string }>(
    `select s.oid::regclass::text as seq, t.oid::regclass::text as tbl, a.attname as col
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       join pg_namespace n on n.oid = s.relnamespace
      where s.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const { seq, tbl, col } of rows) {
    await target.query(
      `select setval('${seq.replaceAll("'", "''")}', coalesce(max(${ident(col)}), 1), max(${ident(col)}) is not null) from ${tbl}`,
    );
  }
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}
