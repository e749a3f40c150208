import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activities, activityRoutes, type StoredRoute } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';

type ActivityRow = typeof activities.$inferSelect;

/** The activity's own route columns, as a backup route stores them. */
export const storedRouteOf = (a: ActivityRow): StoredRoute => ({
  routeMode: a.routeMode,
  startLatitude: a.startLatitude,
  startLongitude: a.startLongitude,
  startAddress: a.startAddress,
  destinationLatitude: a.destinationLatitude,
  destinationLongitude: a.destinationLongitude,
  destinationAddress: a.destinationAddress,
  routeSteps: a.routeSteps,
  waypoints: a.waypoints,
  elevationProfile: a.elevationProfile,
  totalDistance: a.totalDistance,
  totalElevationGain: a.totalElevationGain,
  smoothedElevationGain: a.smoothedElevationGain,
  elevationLoss: a.elevationLoss,
});

/**
 * Makes the backup route the activity's route and its route the backup, files included, so switching again
 * undoes it. `activity` is the row as locked by the caller's transaction; NO_BACKUP_ROUTE when it has none.
 */
export async function switchToBackupRoute(tx: DbOrTx, activity: ActivityRow, now: Date) {
  const [files] = await tx
    .select()
    .from(activityRoutes)
    .where(eq(activityRoutes.activityId, activity.id))
    .for('update');
  if (!files?.backupRoute) throw new ApiError('NO_BACKUP_ROUTE');
  await tx
    .update(activities)
    .set({ ...files.backupRoute, updatedAt: now })
    .where(eq(activities.id, activity.id));
  await tx
    .update(activityRoutes)
    .set({ gpx: files.backupGpx, backupGpx: files.gpx, backupRoute: storedRouteOf(activity) })
    .where(eq(activityRoutes.activityId, activity.id));
  return files.backupRoute;
}

/** Whether the activity has a backup route to switch to. */
export async function hasBackupRoute(tx: DbOrTx, activityId: string) {
  const [row] = await tx
    .select({ has: sql<boolean>`${activityRoutes.backupRoute} is not null` })
    .from(activityRoutes)
    .where(eq(activityRoutes.activityId, activityId));
  return row?.has ?? false;
}
