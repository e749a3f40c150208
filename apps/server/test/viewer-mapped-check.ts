import type { CallName } from '@cordata/contract';
import type { FastifyInstance } from 'fastify';
import { unmappedPlaces } from '../src/modules/privacy/viewer-mapped.ts';

/**
 * The guard of issue 36 (docs/privacy.md): every answer of the tests' app whose objects carry a place, a route, a
 * position or a figure measured from them (viewer-mapped.ts PLACE_KEYS) must have built them through a viewer-aware
 * mapper. The calls below carry places that are nobody else's, each with the reason; viewer-mapped.test.ts holds the
 * list to the contract.
 */
export const PLACES_OF_NO_ONE_ELSE: Partial<Record<CallName, string>> = {
  'location/autocomplete': 'places found for the caller’s own query',
  'location/get-point': 'a place found for the caller’s own query',
  'route/snap-legs': 'the caller’s own drawn points, snapped',
  'route/import-link': 'a public route site’s file, fetched for the caller',
  'privacy/list-zones': 'the caller’s own zones (others get 404: authorization matrix)',
  'privacy/add-zone': 'the caller’s own zone',
  'privacy/regenerate-zone': 'the caller’s own zone',
  // The carpool module is being changed to coarse buckets (issue 36, first half): its mapper joins then.
  'carpool/list': 'carpool areas rounded to about a kilometre (docs/logistics.md), not route points',
  'carpool/offer-seats': 'the caller’s own offer',
  'carpool/request-ride': 'the caller’s own request',
  'carpool/accept-request': 'a rounded area and the pickup the rider gave that driver',
  ...Object.fromEntries(
    [
      'accept-consent',
      'accept-request',
      'create-new',
      'exit',
      'explore-groups',
      'reject-request',
      'make-admin',
      'participate',
      'read-info',
      'remove-admin',
      'remove-user',
      'request-access',
      'update-existing',
    ].map((c) => [`group/${c}`, 'a group’s place, set by its admins for the group, not a person’s route']),
  ),
};

/**
 * Looks at every answer of `app`'s calls before it is serialized (when objects still have their identity) and tells
 * `found` the call and the paths of the places no viewer-aware mapper built.
 */
export function checkViewerMapped(
  app: FastifyInstance,
  prefix: string,
  found: (call: string, paths: string[]) => void,
) {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const url = request.routeOptions.url ?? '';
    const call = url.startsWith(`${prefix}/`) ? url.slice(prefix.length + 1) : null;
    if (call && !(call in PLACES_OF_NO_ONE_ELSE)) {
      const paths = unmappedPlaces(payload);
      if (paths.length > 0) found(call, paths);
    }
    return payload;
  });
}
