import type { RouteProfile } from '@cordata/contract';
import {
  askEngine,
  type EngineConfig,
  engineUrl,
  OSM_CREDIT,
  objectOf,
  type RoutingEngine,
  RoutingFailure,
  requireLine,
} from './engine.ts';
import { decodePolyline } from './polyline.ts';

/** Valhalla costing per profile: pedestrian up to alpine hiking trails (sac_scale 4), bicycle of the right type. */
export const VALHALLA_COSTING: Record<RouteProfile, { costing: string; costing_options: Record<string, unknown> }> = {
  HIKING: { costing: 'pedestrian', costing_options: { pedestrian: { max_hiking_difficulty: 4 } } },
  BIKE: { costing: 'bicycle', costing_options: { bicycle: { bicycle_type: 'Hybrid' } } },
  ROAD_BIKE: { costing: 'bicycle', costing_options: { bicycle: { bicycle_type: 'Road' } } },
  MTB: { costing: 'bicycle', costing_options: { bicycle: { bicycle_type: 'Mountain' } } },
};

/** Valhalla error codes that mean "no path here": unconnected regions, no edges near a location, no path found. */
const NO_ROUTE_CODES = new Set([170, 171, 172, 442, 443]);

/**
 * Valhalla: POST /route with `{locations: [{lat, lon}, …], costing, costing_options}` answers
 * `{trip: {status: 0, legs: [{shape}]}}`, each shape an encoded polyline with 6 decimals. Errors are
 * `{error_code, error, status_code}` (442 "No path could be found for input", 171 "No suitable edges near location").
 */
export function createValhallaEngine(config: EngineConfig, costings = VALHALLA_COSTING): RoutingEngine {
  return {
    kind: 'valhalla',
    attribution: `Valhalla, ${OSM_CREDIT}`,
    async route(from, to, profile, signal) {
      const url = engineUrl(config.baseUrl, 'route');
      if (config.apiKey) url.searchParams.set('api_key', config.apiKey);
      const request = {
        locations: [
          { lat: from.latitude, lon: from.longitude },
          { lat: to.latitude, lon: to.longitude },
        ],
        ...costings[profile],
        directions_type: 'none',
        units: 'kilometers',
      };
      const answer = await askEngine(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) },
        signal,
        config.userAgent,
      );
      const body = objectOf(answer, 'Valhalla');
      const trip = body.trip as { status?: unknown; legs?: { shape?: unknown }[] } | undefined;
      if (answer.status === 200 && trip && (trip.status === undefined || trip.status === 0)) {
        const legs = Array.isArray(trip.legs) ? trip.legs : [];
        const shapes = legs.map((leg) => (typeof leg.shape === 'string' ? decodePolyline(leg.shape, 6) : null));
        if (shapes.length === 0 || shapes.some((s) => s === null)) requireLine(null, 'Valhalla');
        // Consecutive legs share their joining point.
        return requireLine(
          shapes.flatMap((s, i) => (i === 0 ? s! : s!.slice(1))),
          'Valhalla',
        );
      }
      const code = Number(body.error_code);
      const message = `${String(body.error_code ?? answer.status)} ${String(body.error ?? '').slice(0, 200)}`;
      if (NO_ROUTE_CODES.has(code)) throw new RoutingFailure('NO_ROUTE', `Valhalla ${message}`);
      throw new RoutingFailure('ENGINE_ERROR', `Valhalla answered ${answer.status} ${message}`);
    },
  };
}
