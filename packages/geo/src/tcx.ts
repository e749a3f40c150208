import { GPX_MAX_BYTES } from '../../contract/src/constants.ts';
import { GpxError } from './errors.ts';
import { GPX_MAX_POINTS, type ParseGpxOptions } from './gpx.ts';
import { parseNumber } from './numbers.ts';
import { emptyGpx, PointCounter, parseXmlRoute, validPoint } from './route-file-common.ts';
import type { Gpx, GpxPoint } from './types.ts';
import type { XmlAttributes, XmlHandler } from './xml.ts';

type Field = 'Time' | 'LatitudeDegrees' | 'LongitudeDegrees' | 'AltitudeMeters' | 'Name' | 'Id';

/**
 * Parses TCX (Garmin Training Center: activities and courses): each <Track> becomes a track segment of its
 * <Trackpoint>s with a position, course points become waypoints. Throws only GpxError, like parseGpx.
 */
export function parseTcx(source: string, options: ParseGpxOptions = {}): Gpx {
  const counter = new PointCounter(options.maxPoints ?? GPX_MAX_POINTS);
  return parseXmlRoute(source, options.maxBytes ?? GPX_MAX_BYTES, 'TCX', new TcxBuilder(counter));
}

class TcxBuilder implements XmlHandler {
  private readonly gpx = emptyGpx();
  private readonly path: string[] = [];
  private segment: GpxPoint[] | null = null;
  private values: Partial<Record<Field, string>> = {};
  private field: Field | null = null;
  private captured = '';
  wantsText = false;

  constructor(private readonly counter: PointCounter) {}

  openElement(name: string, _attributes: XmlAttributes, depth: number) {
    this.path.push(name);
    if (depth === 0) {
      if (name !== 'TrainingCenterDatabase')
        throw new GpxError('GPX_INVALID', `The root element is <${name.slice(0, 40)}>, not <TrainingCenterDatabase>`);
      return;
    }
    if (name === 'Track') {
      this.segment = [];
      this.gpx.tracks.push({ name: this.gpx.name, segments: [this.segment] });
    } else if (name === 'Trackpoint' || name === 'CoursePoint') {
      this.values = {};
    } else if (
      name === 'Time' ||
      name === 'LatitudeDegrees' ||
      name === 'LongitudeDegrees' ||
      name === 'AltitudeMeters' ||
      name === 'Name' ||
      name === 'Id'
    ) {
      this.field = name;
      this.captured = '';
      this.wantsText = true;
    }
  }

  text(value: string) {
    this.captured += value;
  }

  closeElement(name: string, depth: number) {
    this.path.pop();
    if (this.field === name) {
      const parent = this.path[depth - 1];
      const text = this.captured.trim();
      this.field = null;
      this.wantsText = false;
      // A course's <Name> or an activity's <Id> (its start time) names the route.
      if ((name === 'Name' && parent === 'Course') || (name === 'Id' && parent === 'Activity')) {
        this.gpx.name ??= text || null;
      } else {
        this.values[name as Field] = text;
      }
      return;
    }
    if (name === 'Trackpoint' || name === 'CoursePoint') {
      const v = this.values;
      // Trackpoints without a position (a pause, a sensor-only sample) are common: they are not errors.
      if (v.LatitudeDegrees === undefined && v.LongitudeDegrees === undefined) return;
      this.counter.add();
      const point = validPoint(
        parseNumber(v.LatitudeDegrees),
        parseNumber(v.LongitudeDegrees),
        parseNumber(v.AltitudeMeters),
        v.Time ?? null,
      );
      if (!point) this.gpx.skippedPoints++;
      else if (name === 'CoursePoint')
        this.gpx.waypoints.push({ ...point, name: v.Name ?? null, type: null, sym: null });
      else this.segment?.push(point);
    }
    if (name === 'Track') this.segment = null;
  }

  finish(): Gpx {
    this.gpx.tracks = this.gpx.tracks.filter((t) => t.segments.some((s) => s.length));
    for (const track of this.gpx.tracks) track.name ??= this.gpx.name;
    return this.counter.nonEmpty(this.gpx, 'TCX');
  }
}
