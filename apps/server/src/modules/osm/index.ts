import type { Core } from '../../core.ts';
import type { Module } from '../module.ts';
import { osmHandlers } from './osm.handlers.ts';
import { createOsmService, overpassSourceOf } from './osm.service.ts';

/**
 * Grades and hazards suggested from OpenStreetMap (OVERPASS_URL), for the organiser to accept or not, and what to
 * expect on the way (issue 38), asked by activities when a route is saved.
 */
export function createOsmModule(core: Pick<Core, 'config' | 'rateLimiter' | 'log'>) {
  const osm = createOsmService({ source: overpassSourceOf(core.config), rateLimiter: core.rateLimiter, log: core.log });
  return { handlers: osmHandlers(osm), services: { osm } } satisfies Module;
}
