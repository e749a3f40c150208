import type { Language, LatLng } from '@cordata/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { acceptedLanguage } from '../../i18n/accept-language.ts';
import type { Geocoder } from './geocoder.ts';

export const AUTOCOMPLETE_LIMIT = 8;

/** Place search, points and addresses; anyone signed in may use them, nothing here is private. */
export function createLocationService(deps: { geocoder: Geocoder; rateLimiter?: Pick<RateLimiter, 'hit'> }) {
  /** Only a remote geocoder is limited: the offline one costs a fraction of a millisecond. */
  async function throttle(userId: string) {
    const limit = deps.geocoder.callsPerMinute;
    if (limit && deps.rateLimiter) await deps.rateLimiter.hit(`location:user:${userId}`, { limit, windowSeconds: 60 });
  }
  return {
    async autocomplete(userId: string, query: string, language: Language, near?: LatLng) {
      await throttle(userId);
      return deps.geocoder.autocomplete(query, { near, language, limit: AUTOCOMPLETE_LIMIT });
    },
    async point(placeId: string, language: Language) {
      const point = await deps.geocoder.point(placeId, language);
      if (!point) throw new ApiError('PLACE_NOT_FOUND');
      return point;
    },
    async address(userId: string, point: LatLng, language: Language) {
      await throttle(userId);
      const address = await deps.geocoder.address(point, language);
      if (!address) throw new ApiError('PLACE_NOT_FOUND', { message: 'No place is known near this point' });
      return address;
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;

/** The body's language, else the first of Accept-Language the app speaks, else English. */
export function callLanguage(language: Language | undefined, request: FastifyRequest): Language {
  return language ?? acceptedLanguage(request.headers['accept-language']);
}
