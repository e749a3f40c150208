import {
  type CallBody,
  type GradeSuggestion,
  gradeScalesOfSport,
  type LatLng,
  OSM_SUGGESTION_MAX_METRES,
  type RouteAccessFacts,
  routeAccessFromOsm,
  suggestFromOsm,
} from '@cordata/contract';
import { lineLengthMetres, matchRouteToWays, simplifyLine, WAY_MATCH_TOLERANCE_METRES } from '@cordata/geo';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { createOverpass, OverpassFailure, type OverpassSource } from './overpass.ts';

/** The credit OpenStreetMap's licence (ODbL) asks for wherever its data is used. */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
/** The line sent to Overpass: simplified within this much of the route, so the corridor asked is widened by it. */
const QUERY_SIMPLIFY_METRES = 10;
const QUERY_MAX_POINTS = 250;
/** Each query is heavy for the source: a person drawing a route asks again as they change it, not in a loop. */
const SUGGESTIONS_PER_USER = { limit: 30, windowSeconds: 600 };

/** The source OVERPASS_URL names, or null: then no suggestion is made. */
export function overpassSourceOf(config: Pick<Config, 'OVERPASS_URL' | 'OVERPASS_TIMEOUT_MS'>): OverpassSource | null {
  return config.OVERPASS_URL
    ? createOverpass({ url: config.OVERPASS_URL, timeoutMs: config.OVERPASS_TIMEOUT_MS })
    : null;
}

/**
 * Standard grades and hazards suggested from OpenStreetMap (issue 24): the ways around the route from Overpass,
 * the route matched to them (packages/geo), the 80 % rule and the tags read (packages/contract, osm-grades.ts).
 * Never set on an activity here: the organiser accepts a suggestion in the wizard, or not.
 */
export function createOsmService(deps: {
  source: OverpassSource | null;
  rateLimiter?: Pick<RateLimiter, 'hit'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  /** The route matched to the ways around it, or why not (too long, or Overpass failed). */
  async function match(source: OverpassSource, points: readonly LatLng[]) {
    if (lineLengthMetres(points) > OSM_SUGGESTION_MAX_METRES) return { failure: 'ROUTE_TOO_LONG' as const };
    const line = simplifyLine([points], { toleranceMetres: QUERY_SIMPLIFY_METRES, maxPoints: QUERY_MAX_POINTS });
    let ways: Awaited<ReturnType<OverpassSource['waysAround']>>;
    try {
      ways = await source.waysAround(line, WAY_MATCH_TOLERANCE_METRES + QUERY_SIMPLIFY_METRES);
    } catch (error) {
      if (!(error instanceof OverpassFailure)) throw error;
      deps.log?.warn({ reason: error.reason, detail: error.detail }, 'Overpass failed: OpenStreetMap facts unknown');
      return { failure: error.reason };
    }
    return matchRouteToWays(points, ways);
  }

  /**
   * What to expect on the way (issue 38), asked when an activity's route is saved: null when OVERPASS_URL is not
   * set, the route is longer than OSM_SUGGESTION_MAX_METRES or Overpass failed (then the facts are unknown).
   */
  async function routeAccess(points: readonly LatLng[]): Promise<RouteAccessFacts | null> {
    if (!deps.source || points.length < 2) return null;
    const matched = await match(deps.source, points);
    if ('failure' in matched) return null;
    return routeAccessFromOsm(
      matched.matches.map((m) => ({ tags: m.way.tags, metres: m.metres })),
      matched.totalMetres,
    );
  }

  async function suggest(userId: string, body: CallBody<'route/grade-suggestion'>): Promise<GradeSuggestion> {
    const unknown = (status: GradeSuggestion['status'], reason: GradeSuggestion['reason']): GradeSuggestion => ({
      status,
      reason,
      grades: gradeScalesOfSport(body.sportId).map((scale) => ({ scale, grade: null, share: 0 })),
      hazards: [],
      attribution: status === 'NOT_CONFIGURED' ? null : OSM_ATTRIBUTION,
    });
    if (!deps.source) return unknown('NOT_CONFIGURED', null);
    await deps.rateLimiter?.hit(`grade-suggestion:user:${userId}`, SUGGESTIONS_PER_USER);
    const matched = await match(deps.source, body.points);
    if ('failure' in matched) return unknown('UNAVAILABLE', matched.failure);
    const found = suggestFromOsm(
      body.sportId,
      matched.matches.map((m) => ({ tags: m.way.tags, metres: m.metres })),
      matched.totalMetres,
    );
    return { status: 'OK', reason: null, ...found, attribution: OSM_ATTRIBUTION };
  }

  return { suggest, routeAccess };
}

export type OsmService = ReturnType<typeof createOsmService>;
