import { z } from 'zod';
import { defineCall } from '../call.ts';
import { LatLng, SportId } from '../common.ts';

/** The routing engines the server can snap drawn legs through (ROUTER_KIND). */
export const ROUTER_KINDS = ['brouter', 'graphhopper', 'osrm', 'valhalla'] as const;
export type RouterKind = (typeof ROUTER_KINDS)[number];

/** How a sport travels: the engine's profile is chosen from this (docs/maps.md, "Routing engines"). */
export const ROUTE_PROFILES = ['HIKING', 'BIKE', 'ROAD_BIKE', 'MTB'] as const;
export const RouteProfile = z.enum(ROUTE_PROFILES);
export type RouteProfile = z.infer<typeof RouteProfile>;

/**
 * Why a leg stayed straight: no engine configured, the sport is not routed on paths (water sports), the engine took
 * too long, found no path between the two points, or failed (an HTTP error or an answer it should not give).
 */
export const STRAIGHT_LEG_REASONS = [
  'NOT_CONFIGURED',
  'SPORT_NOT_ROUTED',
  'TIMEOUT',
  'NO_ROUTE',
  'ENGINE_ERROR',
] as const;
export const StraightLegReason = z.enum(STRAIGHT_LEG_REASONS);
export type StraightLegReason = z.infer<typeof StraightLegReason>;

/** At most this many points (so this many minus one legs) per snap-legs call. */
export const SNAP_MAX_POINTS = 30;
/** A snapped leg keeps at most this many points (longer ones are simplified), so an answer stays small. */
export const SNAP_LEG_MAX_POINTS = 2000;

export const SnappedLeg = z.object({
  /** From the leg's first drawn point to its last, inclusive; a straight leg is just those two. */
  line: z.array(LatLng),
  /** Null when the leg follows paths; otherwise why it is straight. */
  straightReason: StraightLegReason.nullable(),
});
export type SnappedLeg = z.infer<typeof SnappedLeg>;

export const routingCalls = {
  'route/snap-legs': defineCall({
    auth: true,
    summary: 'Snap each leg between drawn points to paths through the configured routing engine (ROUTER_KIND)',
    body: z.object({
      sportId: SportId,
      points: z.array(LatLng).min(2).max(SNAP_MAX_POINTS),
    }),
    response: z.object({
      /** The engine used, or null when none is configured (every leg is then straight, NOT_CONFIGURED). */
      engine: z.enum(ROUTER_KINDS).nullable(),
      /** The profile picked from the sport, or null for a sport not routed on paths. */
      profile: RouteProfile.nullable(),
      /** What the map must credit for the snapped lines (engine and map data); null when nothing was snapped by one. */
      attribution: z.string().nullable(),
      /** One per pair of consecutive points, in order. */
      legs: z.array(SnappedLeg),
    }),
    errors: ['RATE_LIMITED'],
  }),
};
