import { weatherChoices } from '@cordata/contract';
import type { Db } from '../../db/client.ts';
import { hasBackupRoute } from '../activities/activity-routes.repository.ts';
import type { Changes } from '../shared/changes.ts';
import { createWeatherRepository } from './weather.repository.ts';
import type { WeatherService } from './weather.service.ts';

const HOUR = 3_600_000;
/** The two checks before a start: 24 h and 3 h ahead. */
export const WEATHER_CHECK_LEADS = [
  { lead: '24H', ms: 24 * HOUR },
  { lead: '3H', ms: 3 * HOUR },
] as const;
/** Activities checked per run; the rest go on the next run. */
const BATCH = 50;

/**
 * Checks the forecast of each live activity 24 h and 3 h before its start against its thresholds; a breach
 * tells its admins (ACTIVITY_WEATHER_ALERT: one notification and one push each, offering keep, move, switch to the
 * backup route where there is one, or cancel, on the page and as the push's buttons). Once per activity, lead and start instant, whatever the number of instances and restarts: the
 * `weather_checks` row is inserted in the transaction of the notifications and a check that has one is never
 * done again. A check is due from its lead until the next lead (3 h) or the start; one that finds no forecast
 * (the source failing) writes nothing and is tried again on the next run. A moved activity is a new start
 * instant, so it is checked again; a cancelled one has left every list and is not. Nothing runs without WEATHER_URL.
 */
export function createWeatherAlerts(deps: { db: Db; changes: Changes; weather: WeatherService; now: () => Date }) {
  const repo = createWeatherRepository(deps.db);

  async function run() {
    const now = deps.now();
    let alerted = 0;
    for (const [index, { lead, ms }] of WEATHER_CHECK_LEADS.entries()) {
      const next = WEATHER_CHECK_LEADS[index + 1];
      const due = await repo.checksDue(
        lead,
        new Date(now.getTime() + (next?.ms ?? 0)),
        new Date(now.getTime() + ms),
        BATCH,
      );
      for (const { activity, weather } of due) {
        const answer = await deps.weather.evaluate(activity, weather);
        if (answer.state !== 'AVAILABLE') continue;
        const breached = answer.breaches.length > 0;
        const sent = await deps.changes.run(async (tx, fx) => {
          const recorded = await repo.recordCheck(
            { activityId: activity.id, lead, startsAt: activity.startsAt, breached },
            tx,
          );
          if (!recorded || !breached) return false;
          const admins = await repo.organiserIds(activity.id, tx);
          await fx.notify({
            userIds: admins,
            type: 'ACTIVITY_WEATHER_ALERT',
            targetId: activity.id,
            actorId: null,
            // "24H GUSTS,RAIN KEEP,MOVE,SWITCH_BACKUP,CANCEL": the lead, what the forecast breaks and the answers
            // offered, for the list and the push (its action buttons).
            reason: `${lead} ${answer.breaches.map((b) => b.kind).join(',')} ${weatherChoices(await hasBackupRoute(activity.id, tx)).join(',')}`,
            targetName: activity.name,
          });
          return true;
        });
        if (sent) alerted += 1;
      }
    }
    return alerted;
  }
  return { run };
}
