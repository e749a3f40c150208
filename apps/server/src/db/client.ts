import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type AnyColumn, getTableName, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { pgliteTemplate } from '../paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
/** Repositories take either the database or a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Hears every NOTIFY on `channel`, from every instance, once its transaction commits. `onListening(false)`
   * says the listening connection dropped (notifications may be lost until it is back); `onListening(true)`
   * says it listens (again). Resolves once listening; the function it returns stops.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListening?: (listening: boolean) => void,
  ): Promise<() => void>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (open, idle) and the queries waiting for one; PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Opens every connection of the pool and prepares and plans on each the named statements made so far, so that
   * the first calls find them ready (issue 43: an instance says it is ready only once it is warm). PGlite: nothing.
   */
  warm?(): Promise<{ connections: number; statements: number }>;
}

export const EXTENSIONS = ['cube', 'earthdistance', 'pg_trgm', 'unaccent', 'btree_gist'] as const;
export const pgliteExtensions = { cube, earthdistance, pg_trgm, unaccent, btree_gist };

export interface DatabaseOptions {
  /** postgres:// URL; without it, PGlite. */
  url?: string;
  /** PGlite data directory; without it (and without url), an in-memory database. */
  dataDir?: string;
  /** A PGlite data dump to start from (tests use a migrated template). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /**
   * PostgreSQL only: the client stops waiting for an answer after this, so an unresponsive database
   * cannot hang a call; PostgreSQL itself cancels a statement a little earlier (`statement_timeout`
   * at 80 %, review M8), so an expensive query stops using the database too.
   */
  queryTimeoutMs?: number;
}

/**
 * The statements Cordata prepares by name are its hot, short, parameterised reads and writes; PostgreSQL's
 * default (`auto`) kept re-planning some of them on every execution, because their generic plan's estimate
 * (an unknown LIMIT, OFFSET or array length) looked dearer than a custom one: 1.9 ms of planning for a
 * 0.4 ms chat list. The generic plan is the same plan, and measured as fast or faster for every parameter
 * tried (docs/performance-log.md). Only named statements are affected: the rest are planned once as they run.
 */
export const PLAN_CACHE_MODE = 'force_generic_plan';

/** Waiting longer than this for a connection means the database is unavailable. */
const CONNECT_TIMEOUT_MS = 5000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const settings = [`plan_cache_mode=${PLAN_CACHE_MODE}`];
    if (options.queryTimeoutMs) settings.push(`statement_timeout=${Math.round(options.queryTimeoutMs * 0.8)}`);
    const poolSize = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: poolSize,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Idle connections stay open: closing one (pg's default, after 10 s) drops the statements prepared on it, and
      // the next busy second pays for opening it and preparing them again (docs/performance-log.md, the cold start).
      idleTimeoutMillis: 0,
      // …without holding the process open when nothing else does (scripts, tests).
      allowExitOnIdle: true,
      options: settings.map((setting) => `-c ${setting}`).join(' '),
      ...(options.queryTimeoutMs ? { query_timeout: options.queryTimeoutMs } : {}),
    });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    const named = recordNamedStatements(db);
    const listeners = new Set<() => void>();
    return {
      db,
      kind: 'postgres',
      async listen(channel, onMessage, onListening) {
        const stop = await listenOnPostgres(options.url!, channel, onMessage, onListening);
        listeners.add(stop);
        return () => {
          listeners.delete(stop);
          stop();
        };
      },
      async close() {
        for (const stop of listeners) stop();
        await pool.end();
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async warm() {
        const clients = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
        try {
          await Promise.all(clients.map((client) => prepareAhead(client, named)));
        } finally {
          for (const client of clients) client.release();
        }
        return { connections: clients.length, statements: named.size };
      },
    };
  }
  const dataDir = options.dataDir ? join(options.dataDir, 'pgdata') : undefined;
  let loadDataDir = options.loadDataDir;
  if (dataDir && !existsSync(dataDir) && !loadDataDir && existsSync(pgliteTemplate)) {
    loadDataDir = new Blob([readFileSync(pgliteTemplate)]);
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: pgliteExtensions,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // In-process: the connection cannot drop, and PGlite calls back before the committing statement returns.
    async listen(channel, onMessage, onListening) {
      const unlisten = await client.listen(channel, onMessage);
      onListening?.(true);
      return () => void unlisten().catch(() => {});
    },
    close: () => client.close(),
  };
}

const RELISTEN_DELAYS_MS = [200, 500, 1000, 2000];

/** LISTEN on a connection of its own (a pooled one would be handed back), reconnecting while it is wanted. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onListening?: (listening: boolean) => void,
): Promise<() => void> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (client === next) client = null;
      if (stopped) return;
      onListening?.(false);
      const delay = RELISTEN_DELAYS_MS[Math.min(attempt++, RELISTEN_DELAYS_MS.length - 1)];
      retry = setTimeout(() => void connect().catch(() => {}), delay);
      retry.unref();
    };
    next.on('error', drop);
    next.on('end', drop);
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      drop();
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
    onListening?.(true);
  }

  await connect().catch(() => {});
  return () => {
    stopped = true;
    clearTimeout(retry);
    client?.end().catch(() => {});
    client = null;
  };
}

export async function ping(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}

/** Rows of a raw SQL query, the same on both engines. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A named statement as node-postgres would parse it: its SQL text and how many parameters it takes. */
interface NamedStatement {
  text: string;
  parameters: number;
}

/** Every named statement made on the database (not on a transaction: those reuse the same names and texts). */
function recordNamedStatements(db: Db) {
  const named = new Map<string, NamedStatement>();
  const session = sessionOf(db);
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    if (name) named.set(name, { text: query.sql, parameters: query.params.length });
    return prepareQuery(query, fields, name, ...rest);
  };
  return named;
}

/**
 * Prepares the statements on one connection as node-postgres would on first use, and plans each (with the
 * generic plan the connection is set to, EXPLAIN EXECUTE plans and caches it without running it: a write
 * writes nothing). node-postgres is then told they are parsed, so it binds them by name instead of parsing
 * them again. One that fails here is left to be parsed on first use, as before.
 */
async function prepareAhead(client: pg.PoolClient, named: Map<string, NamedStatement>) {
  const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection
    .parsedStatements;
  for (const [name, { text, parameters }] of named) {
    if (parsed[name] !== undefined) continue;
    const id = client.escapeIdentifier(name);
    try {
      await client.query(`prepare ${id} as ${text}`);
    } catch {
      continue;
    }
    try {
      await client.query(`explain execute ${id}(${Array(parameters).fill('null').join(', ')})`);
      parsed[name] = text;
    } catch {
      await client.query(`deallocate ${id}`).catch(() => {});
    }
  }
}

/** Drizzle's session, whose prepareQuery makes a prepared statement on the session's own connection. */
interface DrizzleSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string | undefined,
    arrayMode: boolean,
    customResultMapper?: unknown,
    ...rest: unknown[]
  ): { execute(values: Record<string, unknown>): Promise<unknown> };
}
const sessionOf = (db: DbOrTx) => (db as unknown as { session: DrizzleSession }).session;

/** A timestamp of a hand-written statement's row (preparedRows, queryRows), which may come as text, as a Date. */
export const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * A hand-written statement prepared once under `name`, its values given as `sql.placeholder`s and filled on each
 * execute: it is built once, and on PostgreSQL parsed and planned once per connection (PGlite ignores the name).
 * Rows come back as queryRows gives them. Each name must always stand for the same SQL text.
 * `execute(values, tx)` runs it on a transaction's connection: the built text is reused, only drizzle's small
 * wrapper around the connection is made anew (see preparedOn).
 */
export function preparedRows<T>(db: Db, name: string, query: SQL) {
  // Drizzle's own path for db.execute, with a name: its session and dialect are not in its public types.
  const { dialect } = db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } };
  const built = dialect.sqlToQuery(query);
  const prepared = sessionOf(db).prepareQuery(built, undefined, name, false);
  return {
    async execute(values: Record<string, unknown>, tx: DbOrTx = db): Promise<T[]> {
      const statement = tx === db ? prepared : sessionOf(tx).prepareQuery(built, undefined, name, false);
      return ((await statement.execute(values)) as { rows: T[] }).rows;
    },
  };
}

/** What preparedOn reads of a drizzle prepared query (the same on node-postgres and PGlite). */
interface DrizzlePrepared {
  queryString: string;
  params: unknown[];
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  isResponseInArrayMode(): boolean;
}

/**
 * A query builder's statement prepared once under `name` (`.prepare(name)`, values as `sql.placeholder`s), to run
 * on the database or on a transaction: `on(tx)` gives it bound to the transaction's connection. A statement
 * prepared on the pool would run on any pooled connection, outside the transaction; so for a transaction the
 * built SQL text, its parameters and its result mapping are reused and only drizzle's small wrapper is made
 * anew around the transaction's connection, under the same name (PostgreSQL parses and plans it once per
 * connection, PGlite ignores the name).
 */
export function preparedOn<P extends object>(db: Db, name: string, builder: { prepare(name: string): P }) {
  const prepared = builder.prepare(name);
  const p = prepared as unknown as DrizzlePrepared;
  const query = { sql: p.queryString, params: p.params };
  const arrayMode = p.isResponseInArrayMode();
  return {
    on(tx: DbOrTx): P {
      if (tx === db) return prepared;
      const bound = sessionOf(tx).prepareQuery(query, p.fields, name, arrayMode, p.customResultMapper);
      (bound as unknown as DrizzlePrepared).joinsNotNullableMap = p.joinsNotNullableMap;
      return bound as unknown as P;
    },
  };
}

/**
 * A column named with its table (or alias), for the outer side of a correlated subquery: in a select from one
 * table Drizzle writes columns bare (`"id"`), which inside `(select … from reports where target_id = "id")`
 * would name the subquery's own column.
 */
export const qualified = (column: AnyColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * A list of ids as one uuid[] parameter, the same on PostgreSQL and PGlite: `= any(…)` and `unnest(…)` over it
 * keep a statement about a thousand people one cheap statement to build, bind and plan, where `in (…)` or a
 * multi-row `values` would bind a parameter per id (per column).
 */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The value of a `sql.placeholder` cast to uuid[] (`= any(${sql.placeholder('ids')}::uuid[])`): one parameter. */
export const uuidList = (ids: readonly string[]): string => `{${ids.join(',')}}`;
