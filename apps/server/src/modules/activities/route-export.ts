import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Access } from '../access/access.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';
import { viewerMapped } from '../privacy/viewer-mapped.ts';
import { downloadName } from '../shared/file-name.ts';
import { drawnTrackGpx } from './activity-route.ts';
import { storedGpx } from './activity-routes.repository.ts';
import { areaReaderCuts, pointsFor } from './meeting-area.ts';
import type { RouteComputer } from './route-computer.ts';

/**
 * GPX export (issue 20): any activity's route, for whoever may see the activity (the same rule as
 * read-info and the calendar file), as one GPX 1.1 track named after the activity; without the meeting area for
 * those who see an area (issue 23). An uploaded file is
 * written out again from its parsed points (in the route worker when large, so the event loop never
 * parses megabytes); a drawn route gives its line with the elevation its profile knows.
 */
export function routeExportHandlers(deps: {
  db: Db;
  access: Pick<Access, 'require'>;
  routes: Pick<RouteComputer, 'track'>;
  privacy: Pick<PrivacyTrim, 'zonesFor'>;
}): Handlers {
  return {
    'route/export-gpx': async ({ body, user }) => {
      const row = await deps.access.require('activity', body.activityId, user.userId, { as: 'viewer' });
      const a = row.activity;
      // The organiser's privacy zones cut the track for everyone else (docs/privacy.md).
      const zones = (await deps.privacy.zonesFor(user.userId, [a.createdBy])).zonesOf(a.createdBy);
      const seen = pointsFor(a, row.member?.state ?? null);
      const fileName = downloadName(a.name, `-${a.date}.gpx`, 'route');
      // A caller who sees a meeting area gets the drawn line outside it, never the file with its start.
      if (seen.area) {
        const cuts = areaReaderCuts(seen.area, zones);
        const gpx = drawnTrackGpx({ ...a, routeSteps: seen.routeSteps, elevationProfile: [] }, cuts);
        return viewerMapped({ fileName, gpx });
      }
      const stored = a.routeMode === 'GPX' ? await storedGpx(a.id, deps.db) : null;
      const gpx = stored ? await deps.routes.track(stored, a.name, zones) : drawnTrackGpx(a, zones);
      // Both writers take the zones and the area's cut: the file is built for this reader.
      return viewerMapped({ fileName, gpx });
    },
  };
}
