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
import { decodePolyline } from './polyline.ts';

/** GraphHopper profile names (those of its hosted Directions API; a self-hosted one names its own in config.yml). */
export const GRAPHHOPPER_PROFILES: Record<RouteProfile, string> = {
  HIKING: 'hike',
  BIKE: 'bike',
  ROAD_BIKE: 'racingbike',
  MTB: 'mtb',
};

/**
 * GraphHopper: GET /route?point=lat,lon&point=lat,lon&profile=…&points_encoded=false answers
 * `{paths: [{points: {type: "LineString", coordinates: [[lon, lat], …]}}]}` (an encoded polyline when a server
 * ignores points_encoded). Errors are `{message, hints}` with 400; no connection or an unmatched point is NO_ROUTE.
 */
export function createGraphHopperEngine(config: EngineConfig, profiles = GRAPHHOPPER_PROFILES): RoutingEngine {
  return {
    kind: 'graphhopper',
    attribution: `GraphHopper, ${OSM_CREDIT}`,
    async route(from, to, profile, signal) {
      const url = engineUrl(config.baseUrl, 'route');
      url.searchParams.append('point', `${from.latitude},${from.longitude}`);
      url.searchParams.append('point', `${to.latitude},${to.longitude}`);
      url.searchParams.set('profile', profiles[profile]);
      url.searchParams.set('points_encoded', 'false');
      url.searchParams.set('instructions', 'false');
      url.searchParams.set('calc_points', 'true');
      if (config.apiKey) url.searchParams.set('key', config.apiKey);
      const answer = await askEngine(url, {}, signal, config.userAgent);
      const body = objectOf(answer, 'GraphHopper');
      if (answer.status === 200) {
        const path = (body.paths as { points?: unknown; points_encoded_multiplier?: unknown }[] | undefined)?.[0];
        const points = path?.points;
        if (typeof points === 'string') {
          const multiplier = Number(path?.points_encoded_multiplier ?? 1e5);
          return requireLine(decodePolyline(points, Math.round(Math.log10(multiplier))), 'GraphHopper');
        }
        return requireLine(lonLatLine((points as { coordinates?: unknown } | undefined)?.coordinates), 'GraphHopper');
      }
      const message = String(body.message ?? '').slice(0, 200);
      const hints = JSON.stringify(body.hints ?? '').slice(0, 400);
      if (
        /connection between locations not found|cannot find point|ConnectionNotFound|PointNotFound/i.test(
          message + hints,
        )
      ) {
        throw new RoutingFailure('NO_ROUTE', `GraphHopper: ${message}`);
      }
      throw new RoutingFailure('ENGINE_ERROR', `GraphHopper answered ${answer.status}: ${message}`);
    },
  };
}
