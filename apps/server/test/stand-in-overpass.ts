import type { LatLng } from '@cordata/contract';
import { send as sendAs, startStandInServer } from './stand-in-server.ts';

/**
 * A stand-in for the Overpass API on 127.0.0.1 (POST /api/interpreter, form field `data`), answering in its
 * documented JSON (dev.overpass-api.de/output_formats.html): `{version, generator, osm3s: {timestamp_osm_base,
 * copyright}, elements: [{type: "way", id, tags, geometry: [{lat, lon}, …]}]}`. It reads the query's
 * `[out:json]`, `way(around:<radius>,<lat>,<lon>,…)` and `out … geom`, refuses anything else with 400 and an HTML
 * page as Overpass does, and answers the `ways` near the line asked. `behaviour` makes it misbehave as the public
 * instances do: too slow, 429 (rate limit), 504 (overloaded), a runtime error in `remark`, HTML, or bad JSON.
 */
export type OverpassStandInBehaviour =
  | 'ok'
  | 'slow'
  | 'rate-limited'
  | 'gateway-timeout'
  | 'runtime-error'
  | 'not-json'
  | 'malformed';

export interface StandInWay {
  id: number;
  tags: Record<string, string>;
  line: LatLng[];
}

export interface OverpassStandIn {
  /** The interpreter's URL, as OVERPASS_URL takes it. */
  url: string;
  behaviour: OverpassStandInBehaviour;
  ways: StandInWay[];
  /** Every query received (the `data` field). */
  queries: string[];
  close(): Promise<void>;
}

const METRES_PER_DEGREE = 111_195;

/** Whether any point of the way is within `radius` (+ a margin for the way's segments) of a point of the line. */
function near(way: StandInWay, line: LatLng[], radius: number) {
  const reach = (radius + 500) / METRES_PER_DEGREE;
  return way.line.some((p) =>
    line.some(
      (q) =>
        Math.abs(p.latitude - q.latitude) < reach &&
        Math.abs(p.longitude - q.longitude) * Math.cos((q.latitude * Math.PI) / 180) < reach,
    ),
  );
}

const html = (title: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><html><head><title>OSM3S Response</title></head><body><p><strong style="color:#FF0000">Error</strong>: ${title}</p></body></html>`;

export async function startOverpassStandIn(): Promise<OverpassStandIn> {
  const state: OverpassStandIn = { url: '', behaviour: 'ok', ways: [], queries: [], close: async () => {} };
  const stand = await startStandInServer((request, res) => {
    const send = (status: number, type: string, body: string) => sendAs(res, status, type, body);
    if (request.method !== 'POST' || request.path !== '/api/interpreter')
      return send(404, 'text/html', html('not found'));
    const query = new URLSearchParams(request.body).get('data') ?? '';
    state.queries.push(query);
    const around = /way\(around:(\d+(?:\.\d+)?),([-\d.,]+)\)/.exec(query);
    const numbers = around ? around[2]!.split(',').map(Number) : [];
    if (
      !query.startsWith('[out:json]') ||
      !/\[timeout:\d+\]/.test(query) ||
      !/out tags geom;/.test(query) ||
      !around ||
      numbers.length < 2 ||
      numbers.length % 2 !== 0 ||
      numbers.some((n) => !Number.isFinite(n))
    )
      return send(400, 'text/html', html('line 1: parse error: the query is not one the stand-in knows'));
    switch (state.behaviour) {
      case 'slow':
        return; // never answers: the caller's deadline must
      case 'rate-limited':
        return send(
          429,
          'text/html',
          html(
            'runtime error: open64: 0 Success /osm3s_osm_base Dispatcher_Client::request_read_and_idx::rate_limited. Please check /api/status for the quota of your IP address.',
          ),
        );
      case 'gateway-timeout':
        return send(
          504,
          'text/html',
          html(
            'runtime error: open64: 0 Success /osm3s_osm_base Dispatcher_Client::request_read_and_idx::timeout. The server is probably too busy to handle your request.',
          ),
        );
      case 'not-json':
        return send(200, 'text/html', html('something went wrong'));
      default:
    }
    const radius = Number(around[1]);
    const line: LatLng[] = [];
    for (let i = 0; i < numbers.length; i += 2) line.push({ latitude: numbers[i]!, longitude: numbers[i + 1]! });
    const elements = state.ways
      .filter((w) => near(w, line, radius))
      .map((w) => ({
        type: 'way',
        id: w.id,
        bounds: {},
        geometry: w.line.map((p) => ({ lat: p.latitude, lon: p.longitude })),
        tags: w.tags,
      }));
    if (state.behaviour === 'malformed') for (const e of elements) e.geometry = [{ lat: 'north', lon: 9 } as never];
    send(
      200,
      'application/json',
      JSON.stringify({
        version: 0.6,
        generator: 'Overpass API 0.7.62.1 084b4234',
        osm3s: {
          timestamp_osm_base: '2026-11-25T18:00:00Z',
          copyright:
            'The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.',
        },
        elements,
        ...(state.behaviour === 'runtime-error'
          ? { remark: 'runtime error: Query timed out in "query" at line 2 after 11 seconds.' }
          : {}),
      }),
    );
  });
  state.url = `${stand.origin}/api/interpreter`;
  state.close = stand.close;
  return state;
}

/**
 * Ways lying on a line, one per part: each part runs from where the previous one ended to `until` (a share of the
 * line's points, 0 to 1) with its tags, e.g. a T3 path for the first 86 % and a road after it.
 */
export function waysAlong(line: LatLng[], parts: { until: number; tags: Record<string, string> }[], firstId = 1) {
  let from = 0;
  return parts.map((part, i): StandInWay => {
    const to = Math.round(part.until * (line.length - 1));
    const way = { id: firstId + i, tags: part.tags, line: line.slice(from, to + 1) };
    from = to;
    return way;
  });
}
