import type { Core } from '../../core.ts';
import type { Module } from '../module.ts';
import { elevationHandlers } from './elevation.handlers.ts';
import { createElevationService } from './elevation.service.ts';

/** Elevation of routes (ELEVATION_URL): saved routes are measured through `measure`, drawn ones previewed. */
export function createElevationModule(core: Pick<Core, 'config' | 'rateLimiter' | 'log'>) {
  const elevation = createElevationService(core.config, { rateLimiter: core.rateLimiter, log: core.log });
  return { handlers: elevationHandlers(elevation), services: { measure: elevation.measure } } satisfies Module;
}
