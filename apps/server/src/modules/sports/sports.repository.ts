import { asc, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sports } from '../../db/schema.ts';
import { SEED_SPORTS } from './sports.seed.ts';

export function createSportsRepository(db: DbOrTx) {
  return {
    listActive: () => db.select().from(sports).where(isNull(sports.retiredAt)).orderBy(asc(sports.sortOrder)),
    findByIds: (ids: string[]) =>
      ids.length ? db.select().from(sports).where(inArray(sports.id, ids)) : Promise.resolve([]),
    /** Adds the seed sports that are missing; never overwrites what an admin changed. */
    async seed() {
      await db
        .insert(sports)
        .values(
          SEED_SPORTS.map((s, i) => ({
            id: s.id,
            nameEn: s.en,
            nameIt: s.it,
            icon: s.id,
            intensityKinds: s.kinds,
            sortOrder: i,
          })),
        )
        .onConflictDoNothing();
    },
  };
}

export type SportsRepository = ReturnType<typeof createSportsRepository>;
