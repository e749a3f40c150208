import type { ZoneCircle } from '@cordata/geo';
import { and, asc, count, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedOn, preparedRows, uuidList } from '../../db/client.ts';
import { activities, privacyZones, users } from '../../db/schema.ts';

export type PrivacyZoneRow = typeof privacyZones.$inferSelect;
export type NewPrivacyZone = Omit<typeof privacyZones.$inferInsert, 'id' | 'createdAt'>;
/** The circle of a zone: all that trimming needs, and all that may be derived from what others see. */
export interface ZoneCircleRow {
  userId: string;
  latitude: number;
  longitude: number;
  radiusMetres: number;
}

/**
 * The circles of `ownerId`'s zones as one JSON array, a column of an answer's own statement: a page of activities
 * carries its organisers' zones, and the reader's zones are left out where the answer is built (zonesForViewer).
 */
export const zoneCirclesJsonSql = (ownerId: SQLWrapper) =>
  sql<ZoneCircle[]>`(select coalesce(json_agg(json_build_object('latitude', z.latitude, 'longitude', z.longitude,
    'radiusMetres', z.radius_metres)), '[]') from ${privacyZones} z where z.user_id = ${ownerId})`;

export function createPrivacyRepository(db: Db) {
  // Other owners' points outside an activity's own row (recordings, live positions, carpools, weather, exports, issue
  // 17); an activity's answer carries its organiser's circles in its own statement (zoneCirclesJsonSql).
  const circlesStatement = preparedRows<ZoneCircleRow>(
    db,
    'privacy_zone_circles',
    sql`select user_id as "userId", latitude, longitude, radius_metres as "radiusMetres"
        from ${privacyZones} where user_id = any(${sql.placeholder('userIds')}::uuid[])`,
  );
  const creatorStatement = preparedOn(
    db,
    'privacy_activity_creator',
    db
      .select({ createdBy: activities.createdBy })
      .from(activities)
      .where(eq(activities.id, sql.placeholder('activityId'))),
  );

  return {
    listOf(userId: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(privacyZones)
        .where(eq(privacyZones.userId, userId))
        .orderBy(asc(privacyZones.createdAt), asc(privacyZones.id));
    },

    /**
     * The circles of these people's zones, in one statement over one uuid[] parameter (the organisers of a page of
     * activities), whatever their number.
     */
    circlesOf(userIds: readonly string[], tx: DbOrTx = db): Promise<ZoneCircleRow[]> {
      if (userIds.length === 0) return Promise.resolve([]);
      return circlesStatement.execute({ userIds: uuidList(userIds) }, tx);
    },

    /** Who organised an activity (whose zones trim its route), or null. */
    async creatorOf(activityId: string, tx: DbOrTx = db) {
      const [row] = await creatorStatement.on(tx).execute({ activityId });
      return row?.createdBy ?? null;
    },

    /** Locks the owner's row, so two zones added at once cannot both pass the limit. */
    async countLocked(userId: string, tx: DbOrTx) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [row] = await tx.select({ n: count() }).from(privacyZones).where(eq(privacyZones.userId, userId));
      return row?.n ?? 0;
    },

    async insert(zone: NewPrivacyZone, tx: DbOrTx = db) {
      const [row] = await tx.insert(privacyZones).values(zone).returning();
      return row!;
    },

    async findOwn(zoneId: string, userId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(privacyZones)
        .where(and(eq(privacyZones.id, zoneId), eq(privacyZones.userId, userId)));
      return row ?? null;
    },

    async moveCentre(zoneId: string, centre: { latitude: number; longitude: number }, tx: DbOrTx = db) {
      const [row] = await tx.update(privacyZones).set(centre).where(eq(privacyZones.id, zoneId)).returning();
      return row ?? null;
    },

    async deleteOwn(zoneId: string, userId: string, tx: DbOrTx = db) {
      const rows = await tx
        .delete(privacyZones)
        .where(and(eq(privacyZones.id, zoneId), eq(privacyZones.userId, userId)))
        .returning({ id: privacyZones.id });
      return rows.length > 0;
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
