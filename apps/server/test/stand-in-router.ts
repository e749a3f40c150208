import type { ServerResponse } from 'node:http';
import type { LatLng } from '@cordata/contract';
import { encodePolyline } from '../src/modules/routing/polyline.ts';
import { type StandInRequest, sendJson, startStandInServer } from './stand-in-server.ts';

/**
 * A stand-in for the four routing engines on 127.0.0.1, answering each in its documented format:
 * BRouter (GET /brouter, GeoJSON), GraphHopper (GET /route, points_encoded=false), OSRM (GET /route/v1/…, GeoJSON)
 * and Valhalla (POST /route, polyline6 shapes). Its "paths" bend: from A it goes along A's latitude to B's
 * longitude, then along B's longitude to B, `steps` points each way, so a snapped leg is visibly not the straight one.
 *
 * `behaviour` makes every answer misbehave as asked; a leg touching the "lake" (the box around LAKE) has no route,
 * so an end-to-end journey can draw one leg the engine cannot snap without any control channel.
 */
export type StandInBehaviour = 'ok' | 'slow' | 'http-error' | 'malformed' | 'no-route';

/** Points within 0.01° of this have no path to anywhere (as on a lake). */
export const LAKE: LatLng = { latitude: 45.95, longitude: 9.25 };
const inLake = (p: LatLng) =>
  Math.abs(p.latitude - LAKE.latitude) < 0.01 && Math.abs(p.longitude - LAKE.longitude) < 0.01;

export interface StandInRouter {
  url: string;
  behaviour: StandInBehaviour;
  /**
   * Every request seen: method, path with query, the body for a POST, and when the answer was sent (epoch ms, high
   * resolution: performance.timeOrigin + performance.now(), comparable with a browser's on the same machine).
   */
  seen: { method: string; url: string; body: string; answeredAt?: number }[];
  close(): Promise<void>;
}

/** The bent line the stand-in answers between two points. */
export function standInPath(from: LatLng, to: LatLng, steps = 8): LatLng[] {
  const corner = { latitude: from.latitude, longitude: to.longitude };
  const along = (a: LatLng, b: LatLng) =>
    Array.from({ length: steps }, (_, i) => ({
      latitude: a.latitude + ((b.latitude - a.latitude) * i) / steps,
      longitude: a.longitude + ((b.longitude - a.longitude) * i) / steps,
    }));
  return [...along(from, corner), ...along(corner, to), to].map((p) => ({
    latitude: Math.round(p.latitude * 1e6) / 1e6,
    longitude: Math.round(p.longitude * 1e6) / 1e6,
  }));
}

const lonLat = (line: LatLng[]) => line.map((p) => [p.longitude, p.latitude]);

export async function startStandInRouter(options: { delayMs?: number } = {}): Promise<StandInRouter> {
  const state: StandInRouter = {
    url: '',
    behaviour: 'ok',
    seen: [],
    close: async () => {},
  };
  const stand = await startStandInServer((request, res) => {
    const entry: StandInRouter['seen'][number] = { method: request.method, url: request.path, body: request.body };
    state.seen.push(entry);
    res.on('finish', () => {
      entry.answeredAt = performance.timeOrigin + performance.now();
    });
    if (state.behaviour === 'slow') return; // never answers: the caller's deadline must
    const answer = () => respond(request, res, state.behaviour);
    if (options.delayMs) setTimeout(answer, options.delayMs);
    else answer();
  });
  state.url = stand.origin;
  state.close = stand.close;
  return state;
}

type Engine = 'brouter' | 'graphhopper' | 'osrm' | 'valhalla';

function respond(request: StandInRequest, res: ServerResponse, behaviour: StandInBehaviour) {
  const { url, body } = request;
  const json = (status: number, value: unknown) => sendJson(res, status, value);
  let engine: Engine;
  let points: LatLng[];
  try {
    if (url.pathname.endsWith('/brouter')) {
      engine = 'brouter';
      points = (url.searchParams.get('lonlats') ?? '').split('|').map((pair) => {
        const [lon, lat] = pair.split(',').map(Number);
        return { latitude: lat!, longitude: lon! };
      });
    } else if (url.pathname.includes('/route/v1/')) {
      engine = 'osrm';
      points = decodeURIComponent(url.pathname.split('/').at(-1) ?? '')
        .split(';')
        .map((pair) => {
          const [lon, lat] = pair.split(',').map(Number);
          return { latitude: lat!, longitude: lon! };
        });
    } else if (url.pathname.endsWith('/route') && request.method === 'POST') {
      engine = 'valhalla';
      const request = JSON.parse(body) as { locations: { lat: number; lon: number }[] };
      points = request.locations.map((l) => ({ latitude: l.lat, longitude: l.lon }));
    } else if (url.pathname.endsWith('/route')) {
      engine = 'graphhopper';
      points = url.searchParams.getAll('point').map((pair) => {
        const [lat, lon] = pair.split(',').map(Number);
        return { latitude: lat!, longitude: lon! };
      });
    } else {
      return res.writeHead(404).end();
    }
  } catch {
    return res.writeHead(400).end('bad request');
  }
  if (points.length < 2 || points.some((p) => !Number.isFinite(p.latitude) || !Number.isFinite(p.longitude))) {
    return res.writeHead(400).end('bad request');
  }

  if (behaviour === 'http-error') {
    if (engine === 'brouter') return res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error');
    if (engine === 'valhalla')
      return json(500, { error_code: 199, error: 'Unknown', status_code: 500, status: 'Internal Server Error' });
    if (engine === 'osrm') return json(500, { code: 'InternalError', message: 'Something went wrong' });
    return json(500, { message: 'Internal server error' });
  }
  if (behaviour === 'malformed') {
    if (engine === 'brouter')
      return json(200, { type: 'FeatureCollection', features: [{ geometry: { coordinates: [['x', 1]] } }] });
    if (engine === 'valhalla') return json(200, { trip: { status: 0, legs: [{ shape: 12 }] } });
    if (engine === 'osrm') return json(200, { code: 'Ok', routes: [{ geometry: { coordinates: [[500, 95]] } }] });
    return res.writeHead(200, { 'content-type': 'application/json' }).end('{"paths": [');
  }
  if (behaviour === 'no-route' || points.some(inLake)) {
    if (engine === 'brouter')
      return res.writeHead(400, { 'content-type': 'text/plain' }).end('target island detected for section 0');
    if (engine === 'valhalla')
      return json(400, {
        error_code: 442,
        error: 'No path could be found for input',
        status_code: 400,
        status: 'Bad Request',
      });
    if (engine === 'osrm') return json(400, { code: 'NoRoute', message: 'Impossible route between points' });
    return json(400, {
      message: 'Connection between locations not found',
      hints: [
        {
          message: 'Connection between locations not found',
          details: 'com.graphhopper.util.exceptions.ConnectionNotFoundException',
        },
      ],
    });
  }

  const line = points.slice(1).flatMap((to, i) => {
    const leg = standInPath(points[i]!, to);
    return i === 0 ? leg : leg.slice(1);
  });
  switch (engine) {
    case 'brouter':
      return json(200, {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { creator: 'BRouter-1.7.7', name: 'brouter_trekking_0', 'track-length': '1234' },
            geometry: { type: 'LineString', coordinates: lonLat(line).map(([lon, lat]) => [lon, lat, 250.5]) },
          },
        ],
      });
    case 'graphhopper':
      return json(200, {
        hints: { 'visited_nodes.sum': 42 },
        info: { copyrights: ['GraphHopper', 'OpenStreetMap contributors'], took: 3 },
        paths: [
          {
            distance: 1234.5,
            time: 900000,
            points_encoded: false,
            bbox: [0, 0, 0, 0],
            points: { type: 'LineString', coordinates: lonLat(line) },
            snapped_waypoints: { type: 'LineString', coordinates: lonLat([line[0]!, line.at(-1)!]) },
          },
        ],
      });
    case 'osrm':
      return json(200, {
        code: 'Ok',
        routes: [
          {
            geometry: { type: 'LineString', coordinates: lonLat(line) },
            legs: [{ distance: 1234.5, duration: 900, steps: [], summary: '' }],
            distance: 1234.5,
            duration: 900,
            weight_name: 'routability',
            weight: 900,
          },
        ],
        waypoints: points.map((p) => ({ name: '', location: [p.longitude, p.latitude], distance: 0.1 })),
      });
    case 'valhalla': {
      const legs = points.slice(1).map((to, i) => ({
        summary: { length: 1.2345, time: 900 },
        shape: encodePolyline(standInPath(points[i]!, to), 6),
      }));
      return json(200, {
        trip: {
          locations: points.map((p) => ({ type: 'break', lat: p.latitude, lon: p.longitude })),
          legs,
          summary: { length: 1.2345, time: 900 },
          status_message: 'Found route between points',
          status: 0,
          units: 'kilometers',
          language: 'en-US',
        },
      });
    }
  }
}
