import type { Core } from '../../core.ts';
import type { Module } from '../module.ts';
import { createRoutingEngine } from './routing.engines.ts';
import { routingHandlers } from './routing.handlers.ts';
import { createRoutingService } from './routing.service.ts';

/** Snapping a drawn route to paths, through the engine ROUTER_URL names (engine.ts, one adapter per engine). */
export function createRoutingModule(core: Pick<Core, 'config' | 'rateLimiter' | 'log'>) {
  const service = createRoutingService({
    engine: createRoutingEngine(core.config),
    timeoutMs: core.config.ROUTER_TIMEOUT_MS,
    rateLimiter: core.rateLimiter,
    log: core.log,
  });
  return { handlers: routingHandlers(service), services: {} } satisfies Module;
}
