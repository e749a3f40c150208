import type { RouteProfile } from '@cordata/contract';
import type { Config } from '../../config.ts';
import { BROUTER_PROFILES, createBRouterEngine } from './brouter.ts';
import type { RoutingEngine } from './engine.ts';
import { createGraphHopperEngine, GRAPHHOPPER_PROFILES } from './graphhopper.ts';
import { createOsrmEngine, OSRM_PROFILES } from './osrm.ts';
import { createValhallaEngine } from './valhalla.ts';

type RouterConfig = Pick<Config, 'ROUTER_KIND' | 'ROUTER_URL' | 'ROUTER_API_KEY' | 'ROUTER_PROFILES'>;

/** The engine ROUTER_KIND names at ROUTER_URL, or null (legs stay straight) when routing is not configured. */
export function createRoutingEngine(config: RouterConfig): RoutingEngine | null {
  const { ROUTER_KIND: kind, ROUTER_URL: baseUrl } = config;
  if (!kind || !baseUrl) return null;
  const engine = { baseUrl, apiKey: config.ROUTER_API_KEY };
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
