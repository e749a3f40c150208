import type { DbOrTx } from '../../db/client.ts';
import type { StoredRoute } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { ActivityRow } from './activities.repository.ts';
import { swapBackupRoute } from './activity-routes.repository.ts';

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
  const route = await swapBackupRoute(activity.id, storedRouteOf(activity), now, tx);
  if (!route) throw new ApiError('NO_BACKUP_ROUTE');
  return route;
}
