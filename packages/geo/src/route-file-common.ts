import { GpxError } from './errors.ts';
import type { Gpx, GpxPoint } from './types.ts';
import { scanXml, type XmlHandler } from './xml.ts';

export const emptyGpx = (): Gpx => ({
  version: null,
  name: null,
  tracks: [],
  routes: [],
  waypoints: [],
  skippedPoints: 0,
});

/** Blank or over-large text is refused before any parsing. */
export function checkedSource(source: string, maxBytes: number, format: string) {
  if (typeof source !== 'string') throw new GpxError('GPX_INVALID', `${format} must be given as text`);
  // Characters, not bytes: a cheap upper bound the caller's byte check (of the file) makes exact.
  if (source.length > maxBytes)
    throw new GpxError('GPX_TOO_LARGE', `The ${format} file is larger than ${maxBytes} bytes`);
  if (source.trim() === '') throw new GpxError('GPX_EMPTY', `The ${format} file is empty`);
}

/** Counts points against the limit, and refuses a file that held none. */
export class PointCounter {
  private count = 0;
  constructor(private readonly max: number) {}
  add() {
    this.count++;
    if (this.count > this.max) throw new GpxError('GPX_TOO_MANY_POINTS', `The file has more than ${this.max} points`);
  }
  nonEmpty(gpx: Gpx, format: string): Gpx {
    const points =
      gpx.waypoints.length +
      gpx.tracks.reduce((n, t) => n + t.segments.reduce((m, s) => m + s.length, 0), 0) +
      gpx.routes.reduce((n, r) => n + r.points.length, 0);
    if (points === 0) throw new GpxError('GPX_EMPTY', `The ${format} file has no valid point`);
    return gpx;
  }
}

/** A point when its coordinates are numbers in range, else null (the caller counts it as skipped). */
export function validPoint(
  latitude: number | null,
  longitude: number | null,
  elevation: number | null,
  time: string | null,
): GpxPoint | null {
  if (latitude === null || longitude === null) return null;
  if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return null;
  return { latitude, longitude, elevation, time };
}

/** Runs an XML route builder over checked text; whatever goes wrong, callers see only a GpxError. */
export function parseXmlRoute(
  source: string,
  maxBytes: number,
  format: string,
  builder: XmlHandler & { finish(): Gpx },
): Gpx {
  checkedSource(source, maxBytes, format);
  try {
    scanXml(source, builder);
  } catch (error) {
    if (error instanceof GpxError) throw error;
    throw new GpxError('GPX_INVALID', `The ${format} file could not be read: ${String(error)}`);
  }
  return builder.finish();
}
