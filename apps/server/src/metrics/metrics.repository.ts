import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { mailOutbox, pushOutbox } from '../db/schema.ts';

export type Outbox = 'mail' | 'push';

/** What /metrics reads from the database at each scrape. */
export function createMetricsRepository(db: Db) {
  return {
    /** Messages waiting to be sent, per outbox (each count walks its table's `*_pending_idx` partial index). */
    async outboxDepths(): Promise<Record<Outbox, number>> {
      const [row] = await queryRows<Record<Outbox, string>>(
        db,
        sql`select (select count(*) from ${mailOutbox} where status = 'PENDING') as mail,
                   (select count(*) from ${pushOutbox} where status = 'PENDING') as push`,
      );
      return { mail: Number(row?.mail ?? 0), push: Number(row?.push ?? 0) };
    },
  };
}
