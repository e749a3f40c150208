import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('db/client.test: TEST_DATABASE_URL is not set, so the PostgreSQL statement timeout is not tried');

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
