import {
  type CallBody,
  type GradeSuggestion,
  gradeScalesOfSport,
  OSM_SUGGESTION_MAX_METRES,
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
    if (lineLengthMetres(body.points) > OSM_SUGGESTION_MAX_METRES) return unknown('UNAVAILABLE', 'ROUTE_TOO_LONG');
    const line = simplifyLine([body.points], { toleranceMetres: QUERY_SIMPLIFY_METRES, maxPoints: QUERY_MAX_POINTS });
    let ways: Awaited<ReturnType<OverpassSource['waysAround']>>;
    try {
      ways = await deps.source.waysAround(line, WAY_MATCH_TOLERANCE_METRES + QUERY_SIMPLIFY_METRES);
    } catch (error) {
      if (!(error instanceof OverpassFailure)) throw error;
      deps.log?.warn({ reason: error.reason, detail: error.detail }, 'Overpass failed: grades unknown');
      return unknown('UNAVAILABLE', error.reason);
    }
    const { totalMetres, matches } = matchRouteToWays(body.points, ways);
    const found = suggestFromOsm(
      body.sportId,
      matches.map((m) => ({ tags: m.way.tags, metres: m.metres })),
      totalMetres,
    );
    return { status: 'OK', reason: null, ...found, attribution: OSM_ATTRIBUTION };
  }

  return { suggest };
}

export type OsmService = ReturnType<typeof createOsmService>;
