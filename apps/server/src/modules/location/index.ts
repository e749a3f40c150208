import type { Core } from '../../core.ts';
import type { Module } from '../module.ts';
import { createLocationGeocoder } from './location.geocoders.ts';
import { locationHandlers } from './location.handlers.ts';
import { createLocationService } from './location.service.ts';

/** Places: autocomplete and addresses, from the embedded gazetteer or the geocoder GEOCODER_URL names. */
export function createLocationModule(core: Pick<Core, 'config' | 'rateLimiter'>) {
  const service = createLocationService({
    geocoder: createLocationGeocoder(core.config),
    rateLimiter: core.rateLimiter,
  });
  return { handlers: locationHandlers(service), services: {} } satisfies Module;
}
