import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activityRoutes } from '../../db/schema.ts';

/** The uploaded GPX file of an activity's route, if one was stored. */
export async function storedGpx(activityId: string, db: DbOrTx): Promise<string | null> {
  const [stored] = await db
    .select({ gpx: activityRoutes.gpx })
    .from(activityRoutes)
    .where(eq(activityRoutes.activityId, activityId));
  return stored?.gpx ?? null;
}
