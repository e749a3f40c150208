import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id, IsoDateTime } from '../common.ts';
import { PACK_CALLS } from '../pack-calls.ts';

/** The outing pack's basemap: the route plus this buffer, every zoom level up to PACK_MAX_ZOOM (issue 38). */
export const PACK_BUFFER_METRES = 2000;
export const PACK_MAX_ZOOM = 15;
/** How long the pack's signed tile download stays valid. */
export const PACK_TILES_LINK_MINUTES = 15;

export { PACK_CALLS, type PackCall } from '../pack-calls.ts';

/** One answer of the pack: the call, the body it was asked with, and what the server answered. */
export const PackAnswer = z.object({
  call: z.enum(PACK_CALLS),
  body: z.record(z.string(), z.unknown()),
  response: z.unknown(),
});
export type PackAnswer = z.infer<typeof PackAnswer>;

/** The basemap cut for the pack: a PMTiles file of its own, downloaded with a signed link (no token needed). */
export const PackTiles = z.object({
  /** A path on this server (`/maps/packs/…pmtiles`), valid for PACK_TILES_LINK_MINUTES. */
  url: z.string(),
  bytes: z.int(),
  /** West, south, east, north: the route plus the buffer. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  maxZoom: z.int(),
  expiresAt: IsoDateTime,
});
export type PackTiles = z.infer<typeof PackTiles>;

const byActivity = z.object({ activityId: Id });

export const offlineCalls = {
  'offline/pack-size': defineCall({
    auth: true,
    summary:
      "How big an activity's outing pack is for the caller, before it downloads: its answers and its basemap (tilesBytes null when this server has no basemap file to cut from)",
    body: byActivity,
    response: z.object({ answersBytes: z.int(), tilesBytes: z.int().nullable() }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'offline/build-pack': defineCall({
    auth: true,
    summary:
      'The outing pack of an activity the caller takes part in: the answers the activity page needs, as the server would send them to the caller now, and a signed link to its basemap',
    body: byActivity,
    response: z.object({
      activityId: Id,
      builtAt: IsoDateTime,
      answers: z.array(PackAnswer),
      tiles: PackTiles.nullable(),
    }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
};
