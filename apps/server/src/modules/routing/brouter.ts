import type { RouteProfile } from '@cordata/contract';
import {
  askEngine,
  type EngineConfig,
  engineUrl,
  lonLatLine,
  OSM_CREDIT,
  type RoutingEngine,
  RoutingFailure,
  requireLine,
} from './engine.ts';

/** BRouter's standard profiles (misc/profiles2 of abrensch/brouter). */
export const BROUTER_PROFILES: Record<RouteProfile, string> = {
  HIKING: 'hiking-mountain',
  BIKE: 'trekking',
  ROAD_BIKE: 'fastbike',
  MTB: 'mtb',
};

/**
 * BRouter: GET /brouter?lonlats=lon,lat|lon,lat&profile=…&alternativeidx=0&format=geojson answers a GeoJSON
 * FeatureCollection whose first feature is the track. A failure is plain text ("target island detected for
 * section 0", "no track found at pass=0", "from-position not mapped in existing datafile"), usually with 400.
 */
export function createBRouterEngine(config: EngineConfig, profiles = BROUTER_PROFILES): RoutingEngine {
  return {
    kind: 'brouter',
    attribution: `BRouter, ${OSM_CREDIT}`,
    async route(from, to, profile, signal) {
      const url = engineUrl(config.baseUrl, 'brouter');
      // Built by hand: BRouter reads the literal "|" and "," of lonlats.
      url.search = `lonlats=${from.longitude},${from.latitude}|${to.longitude},${to.latitude}&profile=${encodeURIComponent(
        profiles[profile],
      )}&alternativeidx=0&format=geojson`;
      const answer = await askEngine(url, {}, signal, config.userAgent);
      const feature = (answer.json as { features?: { geometry?: { coordinates?: unknown } }[] } | undefined)
        ?.features?.[0];
      if (answer.status === 200 && feature) return requireLine(lonLatLine(feature.geometry?.coordinates), 'BRouter');
      const message = answer.text.slice(0, 200);
      if (/island|no track found|not mapped|no route|not found/i.test(message)) {
        throw new RoutingFailure('NO_ROUTE', `BRouter: ${message}`);
      }
      if (/watchdog|timeout/i.test(message)) throw new RoutingFailure('TIMEOUT', `BRouter: ${message}`);
      throw new RoutingFailure('ENGINE_ERROR', `BRouter answered ${answer.status}: ${message}`);
    },
  };
}
