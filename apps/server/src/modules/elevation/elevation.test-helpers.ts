import type { Server } from 'node:http';
import type { LatLng } from '@cordata/contract';
import { type StandInRequest, send, startStandInServer } from '../../../test/stand-in-server.ts';
import type { ElevationKind } from './elevation-provider.ts';

/**
 * Stand-in elevation services on 127.0.0.1, speaking the documented formats: Open-Meteo's GET /v1/elevation with
 * comma lists, answering {"elevation": […]}, and Open-Elevation's POST /api/v1/lookup {"locations": […]},
 * answering {"results": [{latitude, longitude, elevation}]}. The ground rises 100 m for every 0.01° north of 45°.
 */
export const groundAt = (p: LatLng) => Math.round((1000 + (p.latitude - 45) * 10_000) * 100) / 100;

export type Behaviour =
  | 'ok'
  | 'slow'
  | 'http-500'
  | 'http-400'
  | 'not-json'
  | 'wrong-shape'
  | 'short'
  | 'no-data'
  | 'hang-up';

function answer(state: StandIn, request: StandInRequest): { status: number; text: string } | 'slow' | 'hang-up' {
  const { url } = request;
  let points: LatLng[];
  let format: ElevationKind;
  if (request.method === 'GET' && url.pathname === '/v1/elevation') {
    const lat = (url.searchParams.get('latitude') ?? '').split(',').map(Number);
    const lon = (url.searchParams.get('longitude') ?? '').split(',').map(Number);
    if (lat.length !== lon.length || lat.length > 100) {
      return { status: 400, text: JSON.stringify({ error: true, reason: 'Parameter count mismatch' }) };
    }
    points = lat.map((latitude, i) => ({ latitude, longitude: lon[i]! }));
    format = 'open-meteo';
  } else if (request.method === 'POST' && url.pathname === '/api/v1/lookup') {
    points = (JSON.parse(request.body) as { locations: LatLng[] }).locations;
    format = 'open-elevation';
  } else {
    return { status: 404, text: 'not found' };
  }
  state.requests.push({ method: request.method, path: url.pathname, points: points.length });
  const { behaviour } = state;
  if (behaviour === 'slow' || behaviour === 'hang-up') return behaviour;
  if (behaviour === 'http-500') return { status: 500, text: 'Internal Server Error' };
  if (behaviour === 'http-400')
    return { status: 400, text: JSON.stringify({ error: true, reason: 'Latitude must be in range of -90 to 90°' }) };
  if (behaviour === 'not-json') return { status: 200, text: '<html>maintenance</html>' };
  if (behaviour === 'wrong-shape') return { status: 200, text: JSON.stringify({ elevations: 1, result: 'x' }) };
  const used = behaviour === 'short' ? points.slice(1) : points;
  // Open-Meteo answers null where it has no data; Open-Elevation answers sea level, 0.
  const heights = used.map((p) => (behaviour === 'no-data' ? (format === 'open-meteo' ? null : 0) : groundAt(p)));
  const text =
    format === 'open-meteo'
      ? JSON.stringify({ elevation: heights })
      : JSON.stringify({
          results: used.map((p, i) => ({ latitude: p.latitude, longitude: p.longitude, elevation: heights[i] })),
        });
  return { status: 200, text };
}

export interface StandIn {
  server: Server;
  /** The base URL, for ELEVATION_URL. */
  url: string;
  /** How the next answers behave; 'ok' at first. */
  behaviour: Behaviour;
  requests: { method: string; path: string; points: number }[];
  close(): Promise<void>;
}

/** Starts the stand-in on a free port of 127.0.0.1; it serves both formats at once. */
export async function startStandInElevation(): Promise<StandIn> {
  const stand = await startStandInServer((request, res) => {
    const a = answer(state, request);
    if (a === 'slow') return; // never answers: the client's timeout must end it
    if (a === 'hang-up') return request.raw.socket.destroy();
    send(res, a.status, 'application/json', a.text);
  });
  const state: StandIn = {
    server: stand.server,
    url: `${stand.origin}/`,
    behaviour: 'ok',
    requests: [],
    close: stand.close,
  };
  return state;
}
