import type { routeImportCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { RouteImportService } from './route-import.service.ts';

/** `route/export-gpx`, of the same contract file, is the activities module's (activities/route-export.ts). */
export const routeImportHandlers = (
  service: RouteImportService,
): Pick<HandlersOf<typeof routeImportCalls>, 'route/import-link'> => ({
  'route/import-link': ({ body, user }) => service.importLink(body.url, user.userId),
});
