import { GPX_MAX_BYTES } from '../../contract/src/constants.ts';
import { GpxError } from './errors.ts';
import { GPX_MAX_POINTS, type ParseGpxOptions } from './gpx.ts';
import { parseNumber } from './numbers.ts';
import { emptyGpx, PointCounter, parseXmlRoute, validPoint } from './route-file-common.ts';
import type { Gpx, GpxPoint } from './types.ts';
import type { XmlAttributes, XmlHandler } from './xml.ts';

/**
 * Parses KML (Google Earth, most route sites' "KML" export): every LineString becomes a track segment,
 * every gx:Track too (with its times), every Point placemark a waypoint. Throws only GpxError, like parseGpx.
 */
export function parseKml(source: string, options: ParseGpxOptions = {}): Gpx {
  const counter = new PointCounter(options.maxPoints ?? GPX_MAX_POINTS);
  return parseXmlRoute(source, options.maxBytes ?? GPX_MAX_BYTES, 'KML', new KmlBuilder(counter));
}

class KmlBuilder implements XmlHandler {
  private readonly gpx = emptyGpx();
  private readonly path: string[] = [];
  private capture: 'coordinates' | 'coord' | 'when' | 'name' | null = null;
  private captured = '';
  private placemarkName: string | null = null;
  private inPoint = false;
  /** gx:Track keeps its times and coordinates in two parallel lists. */
  private trackTimes: string[] | null = null;
  private trackPoints: GpxPoint[] | null = null;
  wantsText = false;

  constructor(private readonly counter: PointCounter) {}

  openElement(name: string, _attributes: XmlAttributes, depth: number) {
    this.path.push(name);
    if (depth === 0) {
      if (name !== 'kml') throw new GpxError('GPX_INVALID', `The root element is <${name.slice(0, 40)}>, not <kml>`);
      return;
    }
    switch (name) {
      case 'Placemark':
        this.placemarkName = null;
        return;
      case 'Point':
        this.inPoint = true;
        return;
      case 'Track':
        this.trackTimes = [];
        this.trackPoints = [];
        return;
      case 'coordinates':
      case 'coord':
      case 'when':
        this.start(name);
        return;
      case 'name':
        if (this.path[depth - 1] === 'Placemark' || this.path[depth - 1] === 'Document') this.start('name');
        return;
    }
  }

  private start(field: NonNullable<KmlBuilder['capture']>) {
    this.capture = field;
    this.captured = '';
    this.wantsText = true;
  }

  text(value: string) {
    this.captured += value;
  }

  closeElement(name: string, depth: number) {
    this.path.pop();
    if (this.capture === name) {
      this.wantsText = false;
      this.capture = null;
      this.store(name, this.captured.trim(), depth);
      return;
    }
    if (name === 'Point') this.inPoint = false;
    if (name === 'Track' && this.trackPoints) {
      const times = this.trackTimes ?? [];
      this.trackPoints.forEach((p, i) => {
        p.time = times[i] ?? null;
      });
      if (this.trackPoints.length) this.gpx.tracks.push({ name: this.placemarkName, segments: [this.trackPoints] });
      this.trackPoints = null;
      this.trackTimes = null;
    }
  }

  private store(name: string, text: string, depth: number) {
    if (name === 'name') {
      if (this.path[depth - 1] === 'Document' && this.gpx.name === null) this.gpx.name = text || null;
      else this.placemarkName = text || null;
      return;
    }
    if (name === 'when') {
      this.trackTimes?.push(text);
      return;
    }
    if (name === 'coord') {
      const [lon, lat, ele] = text.split(/\s+/);
      const point = this.point(lon, lat, ele);
      if (point) this.trackPoints?.push(point);
      return;
    }
    // <coordinates>: tuples "lon,lat[,alt]" separated by white space.
    const points: GpxPoint[] = [];
    for (const tuple of text.split(/\s+/)) {
      if (!tuple) continue;
      const [lon, lat, ele] = tuple.split(',');
      const point = this.point(lon, lat, ele);
      if (point) points.push(point);
    }
    if (this.inPoint) {
      const first = points[0];
      if (first) this.gpx.waypoints.push({ ...first, name: this.placemarkName, type: null, sym: null });
    } else if (points.length) {
      this.gpx.tracks.push({ name: this.placemarkName, segments: [points] });
    }
  }

  private point(lon: string | undefined, lat: string | undefined, ele: string | undefined): GpxPoint | null {
    this.counter.add();
    const point = validPoint(parseNumber(lat), parseNumber(lon), parseNumber(ele), null);
    if (!point) this.gpx.skippedPoints++;
    return point;
  }

  finish(): Gpx {
    return this.counter.nonEmpty(this.gpx, 'KML');
  }
}
