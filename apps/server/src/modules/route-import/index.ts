import type { Core } from '../../core.ts';
import type { Module } from '../module.ts';
import { routeImportHandlers } from './route-import.handlers.ts';
import { createRouteImportService } from './route-import.service.ts';

/** A route from a link to another service (ROUTE_IMPORT_SOURCES): Ride with GPS, Waymarked Trails. */
export function createRouteImportModule(core: Pick<Core, 'config' | 'rateLimiter'>) {
  const service = createRouteImportService({
    config: {
      sources: core.config.ROUTE_IMPORT_SOURCES,
      timeoutMs: core.config.ROUTE_IMPORT_TIMEOUT_MS,
      baseUrls: {
        ridewithgps: core.config.ROUTE_IMPORT_RIDEWITHGPS_URL,
        waymarkedtrails: core.config.ROUTE_IMPORT_WAYMARKEDTRAILS_URL,
      },
    },
    rateLimiter: core.rateLimiter,
  });
  return { handlers: routeImportHandlers(service), services: {} } satisfies Module;
}
