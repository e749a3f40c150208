import {
  type LatLng,
  type RouteProfile,
  SNAP_LEG_MAX_POINTS,
  type SnappedLeg,
  type StraightLegReason,
} from '@cordata/contract';
import { haversineMetres, simplifyLine } from '@cordata/geo';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { type RoutingEngine, RoutingFailure } from './engine.ts';
import { profileOfSport } from './profiles.ts';

/** Drawing sends one call per tap, debounced: generous for a long route drawn and redrawn, small for a scraper. */
export const SNAPS_PER_USER_PER_HOUR = 600;
/** Legs asked of the engine at once within one call. */
const CONCURRENT_LEGS = 4;
/** A snapped line that starts or ends further than this from its drawn point is joined to it by a short straight. */
const JOIN_METRES = 0.5;

export interface RoutingServiceDeps {
  /** Null when ROUTER_KIND / ROUTER_URL are not set: every leg stays straight, NOT_CONFIGURED. */
  engine: RoutingEngine | null;
  /** ROUTER_TIMEOUT_MS: the deadline of one call, all its legs together. */
  timeoutMs: number;
  rateLimiter?: Pick<RateLimiter, 'hit'>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'debug'>;
}

const straight = (from: LatLng, to: LatLng, reason: StraightLegReason): SnappedLeg => ({
  line: [from, to],
  straightReason: reason,
});

/** Snaps drawn legs to paths through the configured engine; a leg it cannot snap stays straight, with the reason. */
export function createRoutingService(deps: RoutingServiceDeps) {
  const { engine } = deps;

  async function snapLeg(from: LatLng, to: LatLng, profile: RouteProfile, signal: AbortSignal): Promise<SnappedLeg> {
    // Two taps on one spot: nothing to route.
    if (haversineMetres(from, to) < JOIN_METRES) return { line: [from, to], straightReason: null };
    try {
      const line = await engine!.route(from, to, profile, signal);
      return { line: joined(from, line, to), straightReason: null };
    } catch (error) {
      const failure =
        error instanceof RoutingFailure ? error : new RoutingFailure('ENGINE_ERROR', (error as Error).message);
      if (failure.reason === 'ENGINE_ERROR')
        deps.log?.warn({ engine: engine!.kind, err: failure.message }, 'routing engine failed');
      else deps.log?.debug({ engine: engine!.kind, reason: failure.message }, 'leg left straight');
      return straight(from, to, failure.reason);
    }
  }

  return {
    /** `callerGone` aborts the engine requests still running once the app has given up on the call. */
    async snapLegs(userId: string, sportId: string, points: LatLng[], callerGone?: AbortSignal) {
      const pairs = points.slice(1).map((to, i) => [points[i]!, to] as const);
      const profile = profileOfSport(sportId);
      if (!engine) {
        return {
          engine: null,
          profile,
          attribution: null,
          legs: pairs.map(([a, b]) => straight(a, b, 'NOT_CONFIGURED')),
        };
      }
      if (!profile) {
        return {
          engine: engine.kind,
          profile,
          attribution: null,
          legs: pairs.map(([a, b]) => straight(a, b, 'SPORT_NOT_ROUTED')),
        };
      }
      await deps.rateLimiter?.hit(`route-snap:user:${userId}`, { limit: SNAPS_PER_USER_PER_HOUR, windowSeconds: 3600 });
      const deadline = AbortSignal.timeout(deps.timeoutMs);
      const signal = callerGone ? AbortSignal.any([deadline, callerGone]) : deadline;
      const legs = await inBatches(pairs, CONCURRENT_LEGS, ([from, to]) => snapLeg(from, to, profile, signal));
      return {
        engine: engine.kind,
        profile,
        attribution: legs.some((l) => l.straightReason === null) ? engine.attribution : null,
        legs,
      };
    },
  };
}

export type RoutingService = ReturnType<typeof createRoutingService>;

/**
 * The engine's line joined to the drawn points: it starts where the leg was drawn from and ends where it was drawn
 * to (engines start at the nearest path), so consecutive legs meet. A very long line is simplified.
 */
function joined(from: LatLng, line: LatLng[], to: LatLng): LatLng[] {
  const points = line.map(({ latitude, longitude }) => ({ latitude, longitude }));
  if (haversineMetres(from, points[0]!) > JOIN_METRES) points.unshift(from);
  else points[0] = from;
  if (haversineMetres(to, points[points.length - 1]!) > JOIN_METRES) points.push(to);
  else points[points.length - 1] = to;
  if (points.length <= SNAP_LEG_MAX_POINTS) return points;
  return simplifyLine([points], { toleranceMetres: 1, maxPoints: SNAP_LEG_MAX_POINTS });
}

/** `work` over `items`, at most `limit` at a time, results in order. */
async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
