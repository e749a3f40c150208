import type { LatLng, OSM_UNAVAILABLE_REASONS } from '@cordata/contract';
import { askOutsideJson, OutsideFailure } from '../shared/outside-http.ts';

/** Why Overpass gave no ways; the wizard says the grade is unknown, and why. */
export type OverpassFailureReason = Exclude<(typeof OSM_UNAVAILABLE_REASONS)[number], 'ROUTE_TOO_LONG'>;

export class OverpassFailure extends Error {
  constructor(
    readonly reason: OverpassFailureReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'OverpassFailure';
  }
}

/** One OpenStreetMap way: its tags and its line(s); a line breaks where the answer leaves a node out. */
export interface OsmWay {
  id: number;
  tags: Record<string, string>;
  geometry: LatLng[][];
}

export interface OverpassSource {
  /** The ways that may carry a grade or a hazard within `radiusMetres` of the line, or an OverpassFailure. */
  waysAround(line: readonly LatLng[], radiusMetres: number): Promise<OsmWay[]>;
}

export interface OverpassConfig {
  /** OVERPASS_URL: the interpreter itself (…/api/interpreter); the query is POSTed to it as `data`. */
  url: string;
  /** OVERPASS_TIMEOUT_MS: the whole answer; the query asks the server for the same limit. */
  timeoutMs: number;
}

/** Even a long route's corridor holds a few thousand ways; an answer far larger is not one. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

const coordinate = (x: number) => String(Math.round(x * 1e6) / 1e6);

/**
 * The Overpass QL query: every way within `radiusMetres` of the line (around with a list of coordinates measures
 * the distance to the line through them), kept when it is a highway (paths, roads, steps, via ferratas), a ferry
 * route or a graded climb, printed with its tags and its geometry (out tags geom).
 */
export function overpassQuery(line: readonly LatLng[], radiusMetres: number, timeoutSeconds: number): string {
  const around = line.map((p) => `${coordinate(p.latitude)},${coordinate(p.longitude)}`).join(',');
  return [
    `[out:json][timeout:${timeoutSeconds}];`,
    `way(around:${Math.round(radiusMetres)},${around})->.near;`,
    '(way.near[highway];way.near[route=ferry];way.near["climbing:grade:uiaa"];way.near["climbing:grade:french"];);',
    'out tags geom;',
  ].join('\n');
}

/**
 * The Overpass API (wiki.openstreetmap.org/wiki/Overpass_API): one POST of `data=<query>` per suggestion. Failures
 * are classified: no answer in time (TIMEOUT), no connection (UNREACHABLE), 429 (RATE_LIMITED: the public
 * instances' slots are taken), another HTTP error such as 504 when the server is overloaded (SOURCE_ERROR), a
 * query stopped by the server, reported in `remark` with a 200 (TIMEOUT or SOURCE_ERROR), and an answer that is not
 * the documented JSON (MALFORMED).
 */
export function createOverpass(config: OverpassConfig): OverpassSource {
  const serverSeconds = Math.max(1, Math.floor(config.timeoutMs / 1000));
  return {
    async waysAround(line, radiusMetres) {
      const init = {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': 'Cordata grade suggestions',
        },
        body: new URLSearchParams({ data: overpassQuery(line, radiusMetres, serverSeconds) }),
      };
      let json: unknown;
      try {
        json = await askOutsideJson(config.url, init, {
          signal: AbortSignal.timeout(config.timeoutMs),
          maxBytes: MAX_ANSWER_BYTES,
        });
      } catch (error) {
        throw error instanceof OutsideFailure ? overpassFailureOf(error) : error;
      }
      return parseOverpass(json);
    },
  };
}

function overpassFailureOf(failure: OutsideFailure): OverpassFailure {
  switch (failure.kind) {
    case 'TIMEOUT':
    case 'UNREACHABLE':
    case 'MALFORMED':
      return new OverpassFailure(failure.kind, failure.detail);
    case 'TOO_LARGE':
      return new OverpassFailure('MALFORMED', failure.detail);
    case 'HTTP':
      return new OverpassFailure(failure.answer?.status === 429 ? 'RATE_LIMITED' : 'SOURCE_ERROR', failure.detail);
  }
}

const isCoordinate = (v: unknown, limit: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit;

/**
 * Overpass's JSON (dev.overpass-api.de/output_formats.html): `{version, generator, osm3s: {timestamp_osm_base,
 * copyright}, elements: [{type: "way", id, tags: {…}, geometry: [{lat, lon}, …]}]}`. A geometry entry is null where
 * a node is left out, so the way's line breaks there. A query the server stopped (out of time or memory) still
 * answers 200, with `remark: "runtime error: …"` and whatever it had: that is a failure, not a partial answer.
 */
export function parseOverpass(json: unknown): OsmWay[] {
  const bad = (why: string) => new OverpassFailure('MALFORMED', why);
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw bad('not a JSON object');
  const answer = json as { elements?: unknown; remark?: unknown };
  if (typeof answer.remark === 'string' && /error/i.test(answer.remark)) {
    const timedOut = /timed out|timeout/i.test(answer.remark);
    throw new OverpassFailure(timedOut ? 'TIMEOUT' : 'SOURCE_ERROR', answer.remark.slice(0, 200));
  }
  if (!Array.isArray(answer.elements)) throw bad('no elements');
  const ways: OsmWay[] = [];
  for (const element of answer.elements as unknown[]) {
    if (!element || typeof element !== 'object') throw bad('an element is not an object');
    const { type, id, tags, geometry } = element as Record<string, unknown>;
    if (type !== 'way') continue;
    if (typeof id !== 'number' || !Number.isInteger(id)) throw bad('a way without an id');
    if (!Array.isArray(geometry)) throw bad(`way ${id} has no geometry`);
    const lines: LatLng[][] = [[]];
    for (const node of geometry as unknown[]) {
      if (node === null) {
        if (lines.at(-1)!.length > 0) lines.push([]);
        continue;
      }
      const { lat, lon } = (node ?? {}) as { lat?: unknown; lon?: unknown };
      if (!isCoordinate(lat, 90) || !isCoordinate(lon, 180)) throw bad(`way ${id} has a point out of shape`);
      lines.at(-1)!.push({ latitude: lat, longitude: lon });
    }
    const wayTags: Record<string, string> = {};
    if (tags !== undefined) {
      if (!tags || typeof tags !== 'object' || Array.isArray(tags)) throw bad(`way ${id} has tags out of shape`);
      for (const [key, value] of Object.entries(tags)) if (typeof value === 'string') wayTags[key] = value;
    }
    ways.push({ id, tags: wayTags, geometry: lines.filter((l) => l.length >= 2) });
  }
  return ways;
}
