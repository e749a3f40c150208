import { ApiError } from '../../http/errors.ts';

/** The route sites whose public routes may be fetched, and their production base URLs. */
export const ROUTE_SOURCES = {
  /** RideWithGPS: public routes offer a GPX export without signing in. */
  ridewithgps: { name: 'RideWithGPS', baseUrl: 'https://ridewithgps.com' },
  /** Waymarked Trails: OpenStreetMap route relations (ODbL), with a documented GPX endpoint. */
  waymarkedtrails: { name: 'Waymarked Trails', baseUrl: 'https://hiking.waymarkedtrails.org' },
} as const;
export type RouteSource = keyof typeof ROUTE_SOURCES;
export const ROUTE_SOURCE_IDS = Object.keys(ROUTE_SOURCES) as RouteSource[];

/**
 * Sites people paste links from whose terms forbid fetching their routes (or that need the owner's
 * sign-in): never fetched, the answer says how to export a GPX there instead.
 */
const REFUSED_HOSTS: [RegExp, string][] = [
  [/(^|\.)komoot\.(com|de)$/, 'komoot'],
  [/(^|\.)strava\.com$/, 'strava'],
  [/(^|\.)wikiloc\.com$/, 'wikiloc'],
  [/(^|\.)alltrails\.com$/, 'alltrails'],
];

/** What a pasted link points to: a source and the path to fetch its GPX from, or why not. */
export function routeLink(url: string): { source: RouteSource; gpxPath: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw unsupported('other');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw unsupported('other');
  const host = parsed.hostname.toLowerCase();
  for (const [pattern, source] of REFUSED_HOSTS) if (pattern.test(host)) throw unsupported(source);

  if (host === 'ridewithgps.com' || host === 'www.ridewithgps.com') {
    const id = /^\/routes\/(\d{1,12})(?:[/.?]|$)/.exec(parsed.pathname)?.[1];
    if (!id) throw unsupported('ridewithgps');
    return { source: 'ridewithgps', gpxPath: `/routes/${id}.gpx?sub_format=track` };
  }
  if (/^(hiking|cycling|mtb|riding|skating|slopes)\.waymarkedtrails\.org$/.test(host)) {
    // Links look like https://hiking.waymarkedtrails.org/#route?id=123 (the id in the fragment).
    const id = /[?&]id=(\d{1,12})\b/.exec(parsed.hash)?.[1] ?? /^\/route\/(\d{1,12})/.exec(parsed.pathname)?.[1];
    if (!id) throw unsupported('waymarkedtrails');
    return { source: 'waymarkedtrails', gpxPath: `/api/v1/details/relation/${id}/geometry/gpx` };
  }
  throw unsupported('other');
}

export function unsupported(source: string) {
  return new ApiError('ROUTE_SOURCE_UNSUPPORTED', { details: { source } });
}
