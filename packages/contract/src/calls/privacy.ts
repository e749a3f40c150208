import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id, IsoDateTime, Latitude, LatLng, Longitude, Ok } from '../common.ts';
import { PRIVACY_ZONE_MAX_METRES, PRIVACY_ZONE_MIN_METRES } from '../constants.ts';

/**
 * A privacy zone, as only its owner sees it: the circle that hides their points from everyone else (its centre offset
 * from the point they chose) and the point they chose, from which regenerating draws a new offset.
 */
export const PrivacyZone = z.object({
  zoneId: Id,
  label: z.string().nullable(),
  /** The circle: centre and radius in metres. */
  latitude: z.number(),
  longitude: z.number(),
  radiusMetres: z.number(),
  /** The point its owner chose (never shown to anyone else). */
  chosen: LatLng,
  createdAt: IsoDateTime,
});
export type PrivacyZone = z.infer<typeof PrivacyZone>;

const zoneAnswer = z.object({ zone: PrivacyZone });
const byZone = z.object({ zoneId: Id });

export const privacyCalls = {
  'privacy/list-zones': defineCall({
    auth: true,
    summary: 'My privacy zones: routes and positions inside them are hidden from everyone else',
    body: null,
    response: z.object({ zones: z.array(PrivacyZone) }),
  }),
  'privacy/add-zone': defineCall({
    auth: true,
    summary: 'Add a privacy zone around a point (at most 5, 200 to 1 000 m); its circle is offset from the point',
    body: z.object({
      latitude: Latitude,
      longitude: Longitude,
      radiusMetres: z.number().min(PRIVACY_ZONE_MIN_METRES).max(PRIVACY_ZONE_MAX_METRES),
      label: z.string().trim().max(40).optional(),
    }),
    response: zoneAnswer,
    errors: ['PRIVACY_ZONES_LIMIT'],
  }),
  'privacy/regenerate-zone': defineCall({
    auth: true,
    summary: 'Draw a new offset for a privacy zone (same point, same radius, a new circle)',
    body: byZone,
    response: zoneAnswer,
    errors: ['PRIVACY_ZONE_NOT_FOUND'],
  }),
  'privacy/delete-zone': defineCall({
    auth: true,
    summary: 'Delete one of my privacy zones',
    body: byZone,
    response: Ok,
    errors: ['PRIVACY_ZONE_NOT_FOUND'],
  }),
};
