import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../paths.ts';
import { type Database, EXTENSIONS } from './client.ts';

const MIGRATION_LOCK = 7_236_491;

/**
 * Applies the committed migrations. The extensions come first because indexes use them.
 * On PostgreSQL an advisory lock keeps instances that start together from racing.
 */
export async function migrate(database: Database): Promise<void> {
  const { db } = database;
  if (database.kind === 'postgres') {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
  }
  try {
    for (const name of EXTENSIONS) {
      await db.execute(sql.raw(`create extension if not exists ${name}`));
    }
    if (database.kind === 'postgres') {
      await migrateNodePg(db as unknown as NodePgDatabase, { migrationsFolder });
    } else {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    }
  } finally {
    if (database.kind === 'postgres') {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  }
}
