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

describe.skipIf(!url)('warming the PostgreSQL pool (issue 43)', () => {
  it('prepares and plans the named statements on every connection, writing nothing, and they run by name after', async () => {
    const database = await openDatabase({ url, poolSize: 3 });
    const table = sql.identifier(`warm_probe_${process.pid}`);
    try {
      await database.db.execute(sql`create table ${table} (n int not null)`);
      const insert = preparedRows<{ n: number }>(
        database.db,
        'warm_probe_insert',
        sql`insert into ${table} (n) select ${sql.placeholder('n')}::int returning n`,
      );
      const count = preparedRows<{ n: number }>(
        database.db,
        'warm_probe_count',
        sql`select count(*)::int as n from ${table} where n >= ${sql.placeholder('from')}::int`,
      );
      expect(await database.warm!()).toEqual({ connections: 3, statements: 2 });

      // Three queries at once take the pool's three connections: each already holds both statements, planned.
      const seen = await Promise.all(
        [0, 1, 2].map(async () => {
          const result = (await database.db.execute(
            sql`select pg_backend_pid() as pid, name, generic_plans::int as plans, pg_sleep(0.2)::text
                from pg_prepared_statements where name like 'warm_probe_%' order by name`,
          )) as unknown as { rows: { pid: number; name: string; plans: number }[] };
          return result.rows;
        }),
      );
      expect(new Set(seen.flat().map((row) => row.pid)).size).toBe(3);
      for (const rows of seen) {
        expect(rows.map(({ name, plans }) => ({ name, plans }))).toEqual([
          { name: 'warm_probe_count', plans: 1 },
          { name: 'warm_probe_insert', plans: 1 },
        ]);
      }
      // Planning the insert wrote nothing; run by name (not parsed again: that would fail as a duplicate) it does.
      expect(await count.execute({ from: 0 })).toEqual([{ n: 0 }]);
      expect(await insert.execute({ n: 7 })).toEqual([{ n: 7 }]);
      expect(await count.execute({ from: 0 })).toEqual([{ n: 1 }]);
    } finally {
      await database.db.execute(sql`drop table if exists ${table}`);
      await database.close();
    }
  });
});
