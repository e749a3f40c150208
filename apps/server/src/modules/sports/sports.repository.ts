import { asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, qualified } from '../../db/client.ts';
import { activities, sports, userSports } from '../../db/schema.ts';
import { SEED_SPORTS } from './sports.seed.ts';

export type SportValues = Pick<
  typeof sports.$inferInsert,
  'nameEn' | 'nameIt' | 'nameDe' | 'nameFr' | 'nameEs' | 'icon' | 'intensityKinds' | 'retiredAt'
>;

/** How many profiles and activities use a sport: a sport in use is retired, never deleted. */
const usage = {
  users:
    sql<number>`(select count(*) from ${userSports} where ${userSports.sportId} = ${qualified(sports.id)})`.mapWith(
      Number,
    ),
  activities:
    sql<number>`(select count(*) from ${activities} where ${activities.sportId} = ${qualified(sports.id)})`.mapWith(
      Number,
    ),
};

export function createSportsRepository(db: DbOrTx) {
  /** The whole catalogue, retired sports included and last, with their usage: what operators manage. */
  const catalogue = (where?: SQL, tx: DbOrTx = db) =>
    tx
      .select({ sport: sports, usage })
      .from(sports)
      .where(where)
      .orderBy(sql`${sports.retiredAt} is not null`, asc(sports.sortOrder), asc(sports.id));

  return {
    listActive: () => db.select().from(sports).where(isNull(sports.retiredAt)).orderBy(asc(sports.sortOrder)),
    findByIds: (ids: string[]) =>
      ids.length ? db.select().from(sports).where(inArray(sports.id, ids)) : Promise.resolve([]),
    catalogue: () => catalogue(),
    async catalogueEntry(sportId: string, tx: DbOrTx = db) {
      const [row] = await catalogue(eq(sports.id, sportId), tx);
      return row ?? null;
    },
    /** Adds a sport after the seed ones; false when the id is taken. */
    async insert(sportId: string, values: SportValues, tx: DbOrTx = db) {
      const inserted = await tx
        .insert(sports)
        .values({ ...values, id: sportId, sortOrder: 1000 })
        .onConflictDoNothing()
        .returning({ id: sports.id });
      return inserted.length > 0;
    },
    async update(sportId: string, values: Partial<SportValues>, tx: DbOrTx = db) {
      await tx.update(sports).set(values).where(eq(sports.id, sportId));
    },
    async remove(sportId: string, tx: DbOrTx = db) {
      await tx.delete(sports).where(eq(sports.id, sportId));
    },
    /** Adds the seed sports that are missing; never overwrites what an admin changed. */
    async seed() {
      await db
        .insert(sports)
        .values(
          SEED_SPORTS.map((s, i) => ({
            id: s.id,
            nameEn: s.en,
            nameIt: s.it,
            nameDe: s.de,
            nameFr: s.fr,
            nameEs: s.es,
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
