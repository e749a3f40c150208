import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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

export function createPrivacyRepository(db: DbOrTx) {
  return {
    listOf(userId: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(privacyZones)
        .where(eq(privacyZones.userId, userId))
        .orderBy(asc(privacyZones.createdAt), asc(privacyZones.id));
    },

    /** The circles of these people's zones, in one query (the people of a page of activities). */
    circlesOf(userIds: readonly string[], tx: DbOrTx = db): Promise<ZoneCircleRow[]> {
      if (userIds.length === 0) return Promise.resolve([]);
      return tx
        .select({
          userId: privacyZones.userId,
          latitude: privacyZones.latitude,
          longitude: privacyZones.longitude,
          radiusMetres: privacyZones.radiusMetres,
        })
        .from(privacyZones)
        .where(inArray(privacyZones.userId, [...userIds]));
    },

    /** Who organised an activity (whose zones trim its route), or null. */
    async creatorOf(activityId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ createdBy: activities.createdBy })
        .from(activities)
        .where(eq(activities.id, activityId));
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
