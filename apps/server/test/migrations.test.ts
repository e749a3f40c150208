import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { withDatabase } from './global-setup.ts';

/** An empty database of the engine under test: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
async function emptyDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({});
  const name = `cordata_m_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 2 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database ${name} with (force)`);
      await dropper.end();
    },
  };
}

describe(`migrations on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('apply to an empty database, and applying them again changes nothing', async () => {
    const database = await emptyDatabase();
    try {
      await migrate(database);
      const tables = async () =>
        (
          await queryRows<{ table_name: string }>(
            database.db,
            sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
          )
        ).map((r) => r.table_name);
      const first = await tables();
      expect(first).toEqual(
        expect.arrayContaining(['users', 'activities', 'groups', 'messages', 'notifications', 'sessions']),
      );
      await migrate(database);
      expect(await tables()).toEqual(first);
      const [earth] = await queryRows<{ d: number }>(
        database.db,
        sql`select earth_distance(ll_to_earth(45.46, 9.19), ll_to_earth(45.07, 7.69)) as d`,
      );
      expect(Number(earth!.d)).toBeGreaterThan(120_000);
    } finally {
      await database.close();
    }
  });
});
