import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, preparedRows } from './client.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('db/client.test: TEST_DATABASE_URL is not set, so the PostgreSQL pool settings are not tried');
}

describe.skipIf(!url)('the PostgreSQL pool (review M8)', () => {
  it('has PostgreSQL itself cancel a statement that runs past the timeout', async () => {
    const database = await openDatabase({ url, poolSize: 1, queryTimeoutMs: 1000 });
    try {
      const started = Date.now();
      const error = await database.db.execute('select pg_sleep(3)').then(
        () => null,
        (e: { cause?: { code?: string }; code?: string }) => e,
      );
      // 57014 query_canceled: the server stopped the statement, not just the client's wait.
      expect(error?.cause?.code ?? error?.code).toBe('57014');
      expect(Date.now() - started).toBeLessThan(2500);
      // The connection stays usable.
      expect(((await database.db.execute('select 1 as one')) as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!url)('the PostgreSQL pool (issue 17)', () => {
  it('runs a named statement on its generic plan from the first execution, without planning it again', async () => {
    const database = await openDatabase({ url, poolSize: 1 });
    try {
      const statement = preparedRows<{ n: number }>(
        database.db,
        'plan_cache_probe',
        sql`select count(*)::int as n from generate_series(1, ${sql.placeholder('upTo')}::int) limit ${sql.placeholder('limit')}`,
      );
      for (let i = 1; i <= 8; i++) expect(await statement.execute({ upTo: i, limit: 1 })).toEqual([{ n: i }]);
      const rows = (await database.db.execute(
        sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'plan_cache_probe'`,
      )) as unknown as { rows: { generic: number; custom: number }[] };
      expect(rows.rows).toEqual([{ generic: 8, custom: 0 }]);
    } finally {
      await database.close();
    }
  });
});
