import { APP_VERSION, type RouteProfile } from '@cordata/contract';
import { type Config, PUBLIC_ROUTER_URL } from '../../config.ts';
import { createRequestSpacing, type RequestSpacing } from '../shared/request-spacing.ts';
import { BROUTER_PROFILES, createBRouterEngine } from './brouter.ts';
import { OSM_CREDIT, type RoutingEngine, RoutingFailure } from './engine.ts';
import { createGraphHopperEngine, GRAPHHOPPER_PROFILES } from './graphhopper.ts';
import { createOsrmEngine, OSRM_PROFILES } from './osrm.ts';
import { createValhallaEngine } from './valhalla.ts';

type RouterConfig = Pick<Config, 'ROUTER_KIND' | 'ROUTER_URL' | 'ROUTER_API_KEY' | 'ROUTER_PROFILES' | 'PUBLIC_URL'>;

/** FOSSGIS's terms: at most one request per second. A leg whose turn is further away than this stays straight. */
export const PUBLIC_ENGINE_SPACING = { intervalMs: 1000, maxWaitMs: 2000 };

/** How the engine's operator can tell who is asking (FOSSGIS's terms ask for an identifying User-Agent). */
export const routingUserAgent = (publicUrl: string | undefined) =>
  `Cordata/${APP_VERSION}${publicUrl ? ` (+${publicUrl})` : ''}`;

/** The engine ROUTER_KIND names at ROUTER_URL, or null (legs stay straight) when routing is not configured. */
export function createRoutingEngine(config: RouterConfig, spacing?: RequestSpacing): RoutingEngine | null {
  const { ROUTER_KIND: kind, ROUTER_URL: baseUrl } = config;
  if (!kind || !baseUrl) return null;
  const engine = { baseUrl, apiKey: config.ROUTER_API_KEY, userAgent: routingUserAgent(config.PUBLIC_URL) };
  if (kind === 'valhalla' && isPublicEngine(baseUrl)) {
    return spacedPublicEngine(createValhallaEngine(engine), spacing ?? createRequestSpacing(PUBLIC_ENGINE_SPACING));
  }
  const names = (defaults: Record<RouteProfile, string>) => ({ ...defaults, ...config.ROUTER_PROFILES });
  switch (kind) {
    case 'brouter':
      return createBRouterEngine(engine, names(BROUTER_PROFILES));
    case 'graphhopper':
      return createGraphHopperEngine(engine, names(GRAPHHOPPER_PROFILES));
    case 'osrm':
      return createOsrmEngine(engine, names(OSRM_PROFILES));
    case 'valhalla':
      return createValhallaEngine(engine);
  }
}

const isPublicEngine = (baseUrl: string) => new URL(baseUrl).host === new URL(PUBLIC_ROUTER_URL).host;

/** FOSSGIS's Valhalla, credited as its terms ask, one request per second from this instance. */
export function spacedPublicEngine(engine: RoutingEngine, spacing: RequestSpacing): RoutingEngine {
  return {
    ...engine,
    attribution: `Valhalla (FOSSGIS e.V.), ${OSM_CREDIT}`,
    async route(from, to, profile, signal) {
      let turn: boolean;
      try {
        turn = await spacing.take(signal);
      } catch {
        throw new RoutingFailure('TIMEOUT', 'the deadline passed while waiting for a turn at the public engine');
      }
      if (!turn) throw new RoutingFailure('TIMEOUT', 'the public engine takes one request per second: not sent');
      return engine.route(from, to, profile, signal);
    },
  };
}
