import type { locationCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import { callLanguage, type LocationService } from './location.service.ts';

export const locationHandlers = (service: LocationService): HandlersOf<typeof locationCalls> => ({
  'location/autocomplete': async ({ body, user, request }) => ({
    results: await service.autocomplete(user.userId, body.query, callLanguage(body.language, request), body.near),
  }),
  'location/get-point': async ({ body, request }) => service.point(body.placeId, callLanguage(body.language, request)),
  'location/get-address': async ({ body, user, request }) => ({
    address: await service.address(
      user.userId,
      { latitude: body.latitude, longitude: body.longitude },
      callLanguage(body.language, request),
    ),
  }),
});
