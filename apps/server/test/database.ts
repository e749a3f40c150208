import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh, migrated database for one test file: PGlite in memory, or PostgreSQL in CI. */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('templateDatabase');
  if (url && template) {
    const name = `cordata_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 5 });
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = inject('templateDump');
  if (!dump) throw new Error('The test database template is missing: run the tests through vitest.');
  return openDatabase({ loadDataDir: new Blob([readFileSync(dump)]) });
}
