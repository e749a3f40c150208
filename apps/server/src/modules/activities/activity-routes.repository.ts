import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activities, activityRoutes, type StoredRoute } from '../../db/schema.ts';

/** The uploaded GPX file of an activity's route, if one was stored. */
export async function storedGpx(activityId: string, db: DbOrTx): Promise<string | null> {
  const [stored] = await db
    .select({ gpx: activityRoutes.gpx })
    .from(activityRoutes)
    .where(eq(activityRoutes.activityId, activityId));
  return stored?.gpx ?? null;
}

/**
 * The backup route becomes the activity's route and the route (`current`, the activity's own columns) the backup,
 * files included, with the files' row locked; what OpenStreetMap said of the old route (routeAccess) is dropped, as
 * unknown for the new one. Answers the route switched to; null, and nothing changed, without one.
 */
export async function swapBackupRoute(activityId: string, current: StoredRoute, now: Date, tx: DbOrTx) {
  const [files] = await tx.select().from(activityRoutes).where(eq(activityRoutes.activityId, activityId)).for('update');
  if (!files?.backupRoute) return null;
  await tx
    .update(activities)
    .set({ ...files.backupRoute, routeAccess: null, updatedAt: now })
    .where(eq(activities.id, activityId));
  await tx
    .update(activityRoutes)
    .set({ gpx: files.backupGpx, backupGpx: files.gpx, backupRoute: current })
    .where(eq(activityRoutes.activityId, activityId));
  return files.backupRoute;
}

/** Whether the activity has a backup route to switch to. */
export async function hasBackupRoute(activityId: string, tx: DbOrTx) {
  const [row] = await tx
    .select({ has: sql<boolean>`${activityRoutes.backupRoute} is not null` })
    .from(activityRoutes)
    .where(eq(activityRoutes.activityId, activityId));
  return row?.has ?? false;
}
