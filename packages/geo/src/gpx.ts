import { GPX_MAX_BYTES } from '../../contract/src/constants.ts';
import { GpxError } from './errors.ts';
import { parseNumber } from './numbers.ts';
import type { Gpx, GpxPoint, GpxRoute, GpxTrack, GpxWaypoint } from './types.ts';
import { scanXml, type XmlAttributes, type XmlHandler } from './xml.ts';

export { GPX_MAX_BYTES };

/** Track, route and waypoint points together, as the server accepts them (review M5). */
export const GPX_MAX_POINTS = 100_000;

export interface ParseGpxOptions {
  /** UTF-8 size limit, GPX_MAX_BYTES (5 MB) by default. */
  maxBytes?: number;
  /** Limit on track, route and waypoint points together, GPX_MAX_POINTS by default. */
  maxPoints?: number;
}

/**
 * Parses GPX 1.0 or 1.1 text. Throws only GpxError:
 * GPX_TOO_LARGE (over maxBytes), GPX_TOO_MANY_POINTS (over maxPoints), GPX_EMPTY (blank text, or no valid point),
 * GPX_INVALID (not well-formed XML, or a root element other than <gpx>).
 *
 * Points with missing, non-numeric or out-of-range coordinates are skipped and counted in `skippedPoints`.
 */
export function parseGpx(source: string, options: ParseGpxOptions = {}): Gpx {
  const maxBytes = options.maxBytes ?? GPX_MAX_BYTES;
  const maxPoints = options.maxPoints ?? GPX_MAX_POINTS;
  if (typeof source !== 'string') throw new GpxError('GPX_INVALID', 'GPX must be given as text');
  if (exceedsUtf8Bytes(source, maxBytes)) {
    throw new GpxError('GPX_TOO_LARGE', `The GPX file is larger than ${maxBytes} bytes`);
  }
  if (source.trim() === '') throw new GpxError('GPX_EMPTY', 'The GPX file is empty');

  const builder = new GpxBuilder(maxPoints);
  try {
    scanXml(source, builder);
  } catch (error) {
    if (error instanceof GpxError) throw error;
    // Defensive: whatever went wrong, callers only ever see a GpxError.
    throw new GpxError('GPX_INVALID', `The GPX file could not be read: ${String(error)}`);
  }
  const gpx = builder.result();
  if (countPoints(gpx) === 0) throw new GpxError('GPX_EMPTY', 'The GPX file has no valid point');
  return gpx;
}

function countPoints(gpx: Gpx): number {
  let count = gpx.waypoints.length;
  for (const track of gpx.tracks) for (const segment of track.segments) count += segment.length;
  for (const route of gpx.routes) count += route.points.length;
  return count;
}

/** UTF-8 size check without encoding the string (TextEncoder would copy up to 60 MB). */
function exceedsUtf8Bytes(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  // ASCII is one byte a character: only count from the first character that is not.
  const firstNonAscii = text.search(/[\u0080-\uffff]/);
  if (firstNonAscii === -1) return false;
  let bytes = firstNonAscii;
  for (let index = firstNonAscii; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // A surrogate pair is 4 bytes: 2 counted for each half.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3;
    if (bytes > maxBytes) return true;
  }
  return false;
}

function isValidLatitude(latitude: number | null): latitude is number {
  return latitude !== null && latitude >= -90 && latitude <= 90;
}

function isValidLongitude(longitude: number | null): longitude is number {
  return longitude !== null && longitude >= -180 && longitude <= 180;
}

type TextField = 'ele' | 'time' | 'name' | 'type' | 'sym';
type PointKind = 'trkpt' | 'rtept' | 'wpt';

class GpxBuilder implements XmlHandler {
  private readonly gpx: Gpx = { version: null, name: null, tracks: [], routes: [], waypoints: [], skippedPoints: 0 };
  /** Local names of the open elements, root first. */
  private readonly path: string[] = [];
  private pointCount = 0;
  private track: GpxTrack | null = null;
  private segment: GpxPoint[] | null = null;
  private route: GpxRoute | null = null;
  /** The point being read; null between points, or while inside a point that was skipped. */
  private point: GpxPoint | GpxWaypoint | null = null;
  private pointKind: PointKind | null = null;
  private pointDepth = -1;
  private extensionsDepth = -1;
  private capturedField: TextField | null = null;
  private capturedDepth = -1;
  private capturedText = '';

  wantsText = false;

  constructor(private readonly maxPoints: number) {}

  result(): Gpx {
    return this.gpx;
  }

  openElement(name: string, attributes: XmlAttributes, depth: number): void {
    this.path.push(name);
    if (depth === 0) {
      if (name !== 'gpx') throw new GpxError('GPX_INVALID', `The root element is <${name.slice(0, 40)}>, not <gpx>`);
      this.gpx.version = attributes.get('version') ?? null;
      return;
    }
    if (this.extensionsDepth !== -1 || this.capturedField !== null) return;
    if (name === 'extensions') {
      this.extensionsDepth = depth;
      return;
    }
    const parent = this.path[depth - 1];
    switch (name) {
      case 'trk':
        if (depth === 1) {
          this.track = { name: null, segments: [] };
          this.segment = null;
          this.gpx.tracks.push(this.track);
        }
        return;
      case 'trkseg':
        if (parent === 'trk' && this.track !== null) this.startSegment(this.track);
        return;
      case 'trkpt':
        if (parent === 'trkseg' || parent === 'trk') this.startPoint('trkpt', attributes, depth);
        return;
      case 'rte':
        if (depth === 1) {
          this.route = { name: null, points: [] };
          this.gpx.routes.push(this.route);
        }
        return;
      case 'rtept':
        if (parent === 'rte') this.startPoint('rtept', attributes, depth);
        return;
      case 'wpt':
        if (depth === 1) this.startPoint('wpt', attributes, depth);
        return;
      case 'ele':
      case 'time':
        if (this.point !== null && parent === this.pointKind) this.capture(name, depth);
        return;
      case 'name':
        if (parent === 'trk' || parent === 'rte' || parent === 'metadata' || parent === 'gpx' || parent === 'wpt') {
          this.capture(name, depth);
        }
        return;
      case 'type':
      case 'sym':
        if (parent === 'wpt' && this.point !== null) this.capture(name, depth);
        return;
    }
  }

  closeElement(name: string, depth: number): void {
    this.path.pop();
    if (depth === this.extensionsDepth) {
      this.extensionsDepth = -1;
    } else if (depth === this.capturedDepth) {
      this.storeCapturedText(this.capturedText.trim());
    } else if (depth === this.pointDepth) {
      this.point = null;
      this.pointKind = null;
      this.pointDepth = -1;
    } else if (name === 'trk' && depth === 1) {
      this.track = null;
      this.segment = null;
    } else if (name === 'rte' && depth === 1) {
      this.route = null;
    }
  }

  text(value: string): void {
    this.capturedText += value;
  }

  private startSegment(track: GpxTrack): GpxPoint[] {
    const segment: GpxPoint[] = [];
    track.segments.push(segment);
    this.segment = segment;
    return segment;
  }

  private startPoint(kind: PointKind, attributes: XmlAttributes, depth: number): void {
    this.pointCount++;
    if (this.pointCount > this.maxPoints) {
      throw new GpxError('GPX_TOO_MANY_POINTS', `The GPX file has more than ${this.maxPoints} points`);
    }
    this.pointKind = kind;
    this.pointDepth = depth;
    const latitude = attributes.getNumber('lat');
    const longitude = attributes.getNumber('lon');
    if (!isValidLatitude(latitude) || !isValidLongitude(longitude)) {
      this.gpx.skippedPoints++;
      this.point = null;
      return;
    }
    if (kind === 'wpt') {
      const waypoint: GpxWaypoint = {
        latitude,
        longitude,
        elevation: null,
        time: null,
        name: null,
        type: null,
        sym: null,
      };
      this.gpx.waypoints.push(waypoint);
      this.point = waypoint;
      return;
    }
    const point: GpxPoint = { latitude, longitude, elevation: null, time: null };
    this.point = point;
    if (kind === 'rtept') {
      this.route?.points.push(point);
    } else if (this.track !== null) {
      // GPX 1.0 writers sometimes put <trkpt> straight into <trk>: read it as one implicit segment.
      (this.segment ?? this.startSegment(this.track)).push(point);
    }
  }

  private capture(field: TextField, depth: number): void {
    this.capturedField = field;
    this.capturedDepth = depth;
    this.capturedText = '';
    this.wantsText = true;
  }

  private storeCapturedText(text: string): void {
    const field = this.capturedField;
    this.capturedField = null;
    this.capturedDepth = -1;
    this.capturedText = '';
    this.wantsText = false;
    const point = this.point;
    if (field === 'ele' && point !== null) {
      point.elevation = parseNumber(text);
    } else if (field === 'time' && point !== null) {
      point.time = text === '' ? null : text;
    } else if (field === 'name') {
      this.storeName(text === '' ? null : text);
    } else if ((field === 'type' || field === 'sym') && point !== null && 'sym' in point) {
      point[field] = text === '' ? null : text;
    }
  }

  private storeName(name: string | null): void {
    const parent = this.path[this.path.length - 1];
    if (parent === 'wpt' && this.point !== null && 'name' in this.point) this.point.name = name;
    else if (parent === 'trk' && this.track !== null) this.track.name = name;
    else if (parent === 'rte' && this.route !== null) this.route.name = name;
    else if ((parent === 'metadata' && this.path.length === 2) || parent === 'gpx') this.gpx.name = name;
  }
}
