import type { LatLng, RouteProfile, RouterKind, StraightLegReason } from '@cordata/contract';
import { askOutside, OutsideFailure } from '../shared/outside-http.ts';

/** Why an engine gave no line: the leg stays straight and the app says which of these it was. */
export type EngineFailureReason = Extract<StraightLegReason, 'TIMEOUT' | 'NO_ROUTE' | 'ENGINE_ERROR'>;

export class RoutingFailure extends Error {
  constructor(
    readonly reason: EngineFailureReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'RoutingFailure';
  }
}

/** One routing engine behind the adapter: a line following paths from `from` to `to`, or a RoutingFailure. */
export interface RoutingEngine {
  kind: RouterKind;
  /** What a map showing its lines must credit (the engine and the OpenStreetMap data it routes on). */
  attribution: string;
  route(from: LatLng, to: LatLng, profile: RouteProfile, signal: AbortSignal): Promise<LatLng[]>;
}

export interface EngineConfig {
  /** ROUTER_URL: the engine's base URL (a path prefix is kept). */
  baseUrl: string;
  /** ROUTER_API_KEY, for engines that take one (GraphHopper's hosted API). */
  apiKey?: string;
  /** Who is asking: the product, its version and its public address. */
  userAgent?: string;
}

/** An engine answer larger than this is refused rather than read (a 30-point route is far below it). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export interface EngineAnswer {
  status: number;
  /** Parsed JSON, or undefined when the body was not JSON. */
  json: unknown;
  text: string;
}

/** `path` below the configured base URL, keeping the base's own path (e.g. https://host/routing/). */
export function engineUrl(baseUrl: string, path: string): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return new URL(path.replace(/^\//, ''), base);
}

/**
 * One HTTP request to an engine, with the leg's deadline: a network failure is ENGINE_ERROR, the deadline is
 * TIMEOUT. The answer is read with a size cap; any status is returned for the engine to classify.
 */
export async function askEngine(
  url: URL,
  init: RequestInit,
  signal: AbortSignal,
  userAgent = 'Cordata route snapping',
): Promise<EngineAnswer> {
  const headers = { accept: 'application/json', 'user-agent': userAgent, ...init.headers };
  try {
    const { status, json, text } = await askOutside(url, { ...init, headers }, { signal, maxBytes: MAX_ANSWER_BYTES });
    return { status, json, text };
  } catch (error) {
    if (!(error instanceof OutsideFailure)) throw error;
    throw new RoutingFailure(error.kind === 'TIMEOUT' ? 'TIMEOUT' : 'ENGINE_ERROR', error.detail);
  }
}

const isCoordinate = (lon: unknown, lat: unknown): lon is number =>
  typeof lon === 'number' &&
  typeof lat === 'number' &&
  Number.isFinite(lon) &&
  Number.isFinite(lat) &&
  Math.abs(lon) <= 180 &&
  Math.abs(lat) <= 90;

/** GeoJSON-ordered positions ([lon, lat, ele?]) as points; null when any is not a valid position. */
export function lonLatLine(coordinates: unknown): LatLng[] | null {
  if (!Array.isArray(coordinates)) return null;
  const line: LatLng[] = [];
  for (const c of coordinates) {
    if (!Array.isArray(c) || !isCoordinate(c[0], c[1])) return null;
    line.push({ latitude: c[1] as number, longitude: c[0] });
  }
  return line;
}

/** A line an engine answered with, checked: at least two valid points, else the answer is malformed. */
export function requireLine(line: LatLng[] | null, engine: string): LatLng[] {
  if (!line || line.length < 2) throw new RoutingFailure('ENGINE_ERROR', `${engine} answered without a usable line`);
  return line;
}

/** The JSON object of an answer, or ENGINE_ERROR when the engine sent something else. */
export function objectOf(answer: EngineAnswer, engine: string): Record<string, unknown> {
  if (typeof answer.json !== 'object' || answer.json === null || Array.isArray(answer.json)) {
    throw new RoutingFailure('ENGINE_ERROR', `${engine} answered ${answer.status} without JSON`);
  }
  return answer.json as Record<string, unknown>;
}

/** OpenStreetMap's credit, owed by every line routed on its data (ODbL). */
export const OSM_CREDIT = '© OpenStreetMap contributors';
