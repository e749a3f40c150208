import type { RouteProfile } from '@cordata/contract';
import {
  askEngine,
  type EngineConfig,
  engineUrl,
  lonLatLine,
  OSM_CREDIT,
  objectOf,
  type RoutingEngine,
  RoutingFailure,
  requireLine,
} from './engine.ts';

/**
 * OSRM's supplied Lua profiles are car, bicycle and foot. A stock osrm-routed serves the one dataset it was started
 * with whatever the URL says; the path component picks the profile behind a proxy that routes by it.
 */
export const OSRM_PROFILES: Record<RouteProfile, string> = {
  HIKING: 'foot',
  BIKE: 'bike',
  ROAD_BIKE: 'bike',
  MTB: 'bike',
};

/**
 * OSRM: GET /route/v1/{profile}/{lon,lat;lon,lat}?overview=full&geometries=geojson answers
 * `{code: "Ok", routes: [{geometry: {type: "LineString", coordinates}}]}`; a failure is `{code, message}` with 400,
 * where NoRoute and NoSegment mean there is no path between (or near) the points.
 */
export function createOsrmEngine(config: EngineConfig, profiles = OSRM_PROFILES): RoutingEngine {
  return {
    kind: 'osrm',
    attribution: `OSRM, ${OSM_CREDIT}`,
    async route(from, to, profile, signal) {
      const coordinates = `${from.longitude},${from.latitude};${to.longitude},${to.latitude}`;
      const url = engineUrl(config.baseUrl, `route/v1/${encodeURIComponent(profiles[profile])}/${coordinates}`);
      url.search = 'overview=full&geometries=geojson&steps=false&alternatives=false';
      const answer = await askEngine(url, {}, signal, config.userAgent);
      const body = objectOf(answer, 'OSRM');
      if (answer.status === 200 && body.code === 'Ok') {
        const route = (body.routes as { geometry?: { coordinates?: unknown } }[] | undefined)?.[0];
        return requireLine(lonLatLine(route?.geometry?.coordinates), 'OSRM');
      }
      const message = `${String(body.code ?? answer.status)}: ${String(body.message ?? '').slice(0, 200)}`;
      if (body.code === 'NoRoute' || body.code === 'NoSegment') throw new RoutingFailure('NO_ROUTE', `OSRM ${message}`);
      throw new RoutingFailure('ENGINE_ERROR', `OSRM answered ${answer.status} ${message}`);
    },
  };
}
