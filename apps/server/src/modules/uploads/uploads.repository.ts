import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;

export function createUploadsRepository(db: DbOrTx) {
  return {
    insert: (values: typeof uploads.$inferInsert, tx: DbOrTx = db) =>
      tx
        .insert(uploads)
        .values(values)
        .returning()
        .then((rows) => rows[0]!),

    /** Keys end with the upload's id, so the primary key finds them. */
    findByKey: (storageKey: string, tx: DbOrTx = db) =>
      tx
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, storageKey.split('/').pop()!), eq(uploads.storageKey, storageKey)))
        .limit(1)
        .then((rows) => rows[0]),

    /** Marks a pending upload stored; false when it was already completed (a second PUT). */
    markReady: (id: string, size: number, contentType: string, tx: DbOrTx = db) =>
      tx
        .update(uploads)
        .set({ status: 'READY', size, contentType, completedAt: sql`now()` })
        .where(and(eq(uploads.id, id), eq(uploads.status, 'PENDING')))
        .returning({ id: uploads.id })
        .then((rows) => rows.length > 0),
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
