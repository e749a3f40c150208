import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { releases } from '../../db/schema.ts';

/** Records a bundle, or updates its hash and size when its version was recorded before. */
export async function upsertRelease(
  release: { version: string; storageKey: string; sha256: string; size: number },
  db: DbOrTx,
) {
  await db
    .insert(releases)
    .values(release)
    .onConflictDoUpdate({
      target: releases.version,
      set: { sha256: sql`excluded.sha256`, size: sql`excluded.size` },
    });
}
