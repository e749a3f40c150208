import { GPX_MAX_BYTES } from '../../contract/src/constants.ts';
import { ColumnsStore, gpxOfColumns, mapGpxLines, type PointColumns } from './columns.ts';
import { GpxError } from './errors.ts';
import { parseNumber, parsePlainDecimal } from './numbers.ts';
import type { Gpx, GpxRoute, GpxTrack, GpxWaypoint } from './types.ts';
import { decodeXmlEntities, scanXml, type XmlAttributes, type XmlHandler } from './xml.ts';

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
  return gpxOfColumns(parseGpxColumns(source, options));
}

/**
 * parseGpx with each line's points as columns (typed arrays), not objects: what a large file is measured from
 * (routeStatsOfColumns), since a cold parse of 100 000 points as objects spends a third of its time in the GC.
 */
export function parseGpxColumns(source: string, options: ParseGpxOptions = {}): Gpx<PointColumns> {
  const maxBytes = options.maxBytes ?? GPX_MAX_BYTES;
  const maxPoints = options.maxPoints ?? GPX_MAX_POINTS;
  if (typeof source !== 'string') throw new GpxError('GPX_INVALID', 'GPX must be given as text');
  if (exceedsUtf8Bytes(source, maxBytes)) {
    throw new GpxError('GPX_TOO_LARGE', `The GPX file is larger than ${maxBytes} bytes`);
  }
  if (source.trim() === '') throw new GpxError('GPX_EMPTY', 'The GPX file is empty');

  const builder = new GpxBuilder(source, maxPoints);
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

function countPoints(gpx: Gpx<{ length: number }>): number {
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

/** The elements the builder reads, most frequent first. */
const GPX_NAMES = [
  'trkpt',
  'ele',
  'time',
  'trkseg',
  'trk',
  'rtept',
  'rte',
  'wpt',
  'name',
  'type',
  'sym',
  'metadata',
  'gpx',
  'extensions',
];

const isXmlWhitespace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9;

class GpxBuilder implements XmlHandler {
  /** The points of every line; the GPX being read names its lines by their number in it. */
  private readonly store: ColumnsStore;
  private readonly gpx: Gpx<number> = {
    version: null,
    name: null,
    tracks: [],
    routes: [],
    waypoints: [],
    skippedPoints: 0,
  };
  /** Local names of the open elements, root first. */
  private readonly path: string[] = [];
  private pointCount = 0;
  private track: GpxTrack<number> | null = null;
  /** The current segment of `track`, -1 for none. */
  private segment = -1;
  private route: GpxRoute<number> | null = null;
  /**
   * The point being read: the last point of `pointLine`, or `waypoint`. Both null between points, inside a point
   * that was skipped, or inside a point outside any track or route (read, then dropped, as ever).
   */
  private pointInLine = false;
  private waypoint: GpxWaypoint | null = null;
  private pointKind: PointKind | null = null;
  private pointDepth = -1;
  private extensionsDepth = -1;
  private capturedField: TextField | null = null;
  private capturedDepth = -1;
  /** The captured text while it is one run of the source (the usual case: nothing is copied)… */
  private capturedStart = -1;
  private capturedEnd = -1;
  /** …and as decoded text once it is not (CDATA, a comment in the middle). */
  private capturedText: string | null = null;

  wantsText = false;
  readonly names = GPX_NAMES;

  constructor(
    private readonly source: string,
    private readonly maxPoints: number,
  ) {
    this.store = new ColumnsStore(source);
  }

  result(): Gpx<PointColumns> {
    return mapGpxLines(this.gpx, this.store.finish());
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
          this.segment = -1;
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
          this.route = { name: null, points: this.store.startLine() };
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
        if ((this.pointInLine || this.waypoint !== null) && parent === this.pointKind) this.capture(name, depth);
        return;
      case 'name':
        if (parent === 'trk' || parent === 'rte' || parent === 'metadata' || parent === 'gpx' || parent === 'wpt') {
          this.capture(name, depth);
        }
        return;
      case 'type':
      case 'sym':
        if (parent === 'wpt' && this.waypoint !== null) this.capture(name, depth);
        return;
    }
  }

  closeElement(name: string, depth: number): void {
    this.path.pop();
    if (depth === this.extensionsDepth) {
      this.extensionsDepth = -1;
    } else if (depth === this.capturedDepth) {
      this.storeCaptured();
    } else if (depth === this.pointDepth) {
      this.pointInLine = false;
      this.waypoint = null;
      this.pointKind = null;
      this.pointDepth = -1;
    } else if (name === 'trk' && depth === 1) {
      this.track = null;
      this.segment = -1;
    } else if (name === 'rte' && depth === 1) {
      this.route = null;
    }
  }

  textAt(start: number, end: number): void {
    if (this.capturedText === null && this.capturedStart === -1) {
      this.capturedStart = start;
      this.capturedEnd = end;
    } else {
      this.text(decodeXmlEntities(this.source.slice(start, end)));
    }
  }

  text(value: string): void {
    this.capturedText = this.capturedString() + value;
    this.capturedStart = -1;
  }

  /** The captured text, decoded and whole. */
  private capturedString(): string {
    if (this.capturedText !== null) return this.capturedText;
    if (this.capturedStart === -1) return '';
    return decodeXmlEntities(this.source.slice(this.capturedStart, this.capturedEnd));
  }

  private startSegment(track: GpxTrack<number>): number {
    const segment = this.store.startLine();
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
    this.pointInLine = false;
    this.waypoint = null;
    const latitude = attributes.getNumber('lat');
    const longitude = attributes.getNumber('lon');
    if (!isValidLatitude(latitude) || !isValidLongitude(longitude)) {
      this.gpx.skippedPoints++;
      return;
    }
    if (kind === 'wpt') {
      this.waypoint = { latitude, longitude, elevation: null, time: null, name: null, type: null, sym: null };
      this.gpx.waypoints.push(this.waypoint);
      return;
    }
    // GPX 1.0 writers sometimes put <trkpt> straight into <trk>: read it as one implicit segment.
    const line =
      kind === 'rtept'
        ? (this.route?.points ?? -1)
        : this.track !== null
          ? this.segment === -1
            ? this.startSegment(this.track)
            : this.segment
          : -1;
    if (line === -1) return;
    // A line's points are those added after it started: they can only go to the last one started (routes and
    // tracks are never nested, and a track's points go to its last segment).
    if (line !== this.store.lastLine) throw new Error('a point for a line that is not the last one started');
    this.store.add(latitude, longitude);
    this.pointInLine = true;
  }

  private capture(field: TextField, depth: number): void {
    this.capturedField = field;
    this.capturedDepth = depth;
    this.capturedStart = -1;
    this.capturedText = null;
    this.wantsText = true;
  }

  private storeCaptured(): void {
    const field = this.capturedField;
    if ((field === 'ele' || field === 'time') && this.pointInLine) {
      this.storeLineField(field);
    } else {
      const trimmed = this.capturedString().trim();
      const text = trimmed === '' ? null : trimmed;
      const waypoint = this.waypoint;
      if (field === 'ele' && waypoint !== null) waypoint.elevation = parseNumber(trimmed);
      else if (field === 'time' && waypoint !== null) waypoint.time = text;
      else if (field === 'name') this.storeName(text);
      else if ((field === 'type' || field === 'sym') && waypoint !== null) waypoint[field] = text;
    }
    this.capturedField = null;
    this.capturedDepth = -1;
    this.capturedStart = -1;
    this.capturedText = null;
    this.wantsText = false;
  }

  /** A track or route point's elevation or time, read where it lies in the source when it is one run of it. */
  private storeLineField(field: 'ele' | 'time'): void {
    const line = this.store;
    if (this.capturedText === null && this.capturedStart !== -1) {
      let start = this.capturedStart;
      let end = this.capturedEnd;
      while (start < end && isXmlWhitespace(this.source.charCodeAt(start))) start++;
      while (end > start && isXmlWhitespace(this.source.charCodeAt(end - 1))) end--;
      if (field === 'time') {
        if (end > start) line.setTimeAt(start, end);
        return;
      }
      const plain = parsePlainDecimal(this.source, start, end);
      if (plain !== null) {
        line.setElevation(plain);
        return;
      }
    }
    const text = this.capturedString().trim();
    if (field === 'ele') line.setElevation(parseNumber(text) ?? Number.NaN);
    else if (text !== '') line.setTimeText(text);
  }

  private storeName(name: string | null): void {
    const parent = this.path[this.path.length - 1];
    if (parent === 'wpt' && this.waypoint !== null) this.waypoint.name = name;
    else if (parent === 'trk' && this.track !== null) this.track.name = name;
    else if (parent === 'rte' && this.route !== null) this.route.name = name;
    else if ((parent === 'metadata' && this.path.length === 2) || parent === 'gpx') this.gpx.name = name;
  }
}
