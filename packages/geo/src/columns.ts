import type { Gpx, GpxPoint, LatLng } from './types.ts';
import { decodeXmlEntities } from './xml.ts';

/**
 * The points of one line as columns, one typed array a field, with no object a point: a 100 000-point recording
 * read as objects is half a million objects (a point, its three numbers, its time) that the garbage collector
 * copies while the parser runs, about a third of the time of a cold parse.
 */
export interface PointColumns {
  readonly length: number;
  readonly latitudes: Float64Array;
  readonly longitudes: Float64Array;
  /** Metres as written; NaN where the point has none (null in a GpxPoint). */
  readonly elevations: Float64Array;
  /** The `<time>` text as written, null when absent: read only when asked for, so never copied for most points. */
  time(index: number): string | null;
}

/** A point's elevation as GpxPoint holds it. */
const elevationOrNull = (elevation: number) => (Number.isNaN(elevation) ? null : elevation);

/** Points given as objects, as columns (the measures are written once, on columns). */
export function columnsOfPoints(points: readonly (LatLng & { elevation?: number | null; time?: string | null })[]) {
  const columns = new ColumnsBuilder(points.length);
  for (let index = 0; index < points.length; index++) {
    const point = points[index]!;
    columns.add(point.latitude, point.longitude);
    columns.setElevation(point.elevation ?? Number.NaN);
    if (point.time) columns.setTimeText(point.time);
  }
  return columns.finish();
}

export function pointsOfColumns(columns: PointColumns): GpxPoint[] {
  const points = new Array<GpxPoint>(columns.length);
  for (let index = 0; index < columns.length; index++) {
    points[index] = {
      latitude: columns.latitudes[index]!,
      longitude: columns.longitudes[index]!,
      elevation: elevationOrNull(columns.elevations[index]!),
      time: columns.time(index),
    };
  }
  return points;
}

/** The points whose index `keep` accepts; their times are read from `columns` when asked for. */
export function pickColumns(columns: PointColumns, keep: (index: number) => boolean): PointColumns {
  const indices = new Int32Array(columns.length);
  let count = 0;
  for (let index = 0; index < columns.length; index++) if (keep(index)) indices[count++] = index;
  const picked = indices.subarray(0, count);
  const pick = (values: Float64Array) => {
    const kept = new Float64Array(count);
    for (let index = 0; index < count; index++) kept[index] = values[picked[index]!]!;
    return kept;
  };
  return {
    length: count,
    latitudes: pick(columns.latitudes),
    longitudes: pick(columns.longitudes),
    elevations: pick(columns.elevations),
    time: (index) => columns.time(picked[index]!),
  };
}

/** The same GPX with each line's points held another way. */
export function mapGpxLines<From, To>(gpx: Gpx<From>, map: (line: From) => To): Gpx<To> {
  return {
    ...gpx,
    tracks: gpx.tracks.map((track) => ({ name: track.name, segments: track.segments.map(map) })),
    routes: gpx.routes.map((route) => ({ name: route.name, points: map(route.points) })),
  };
}

export const gpxOfColumns = (gpx: Gpx<PointColumns>): Gpx => mapGpxLines(gpx, pointsOfColumns);
export const columnsOfGpx = (gpx: Gpx): Gpx<PointColumns> => mapGpxLines(gpx, columnsOfPoints);

const NO_TIME = -1;

/**
 * Fills the columns of one line point by point, growing them as it goes. A time is kept as where its text lies in
 * `source` (decoded when read); one that is not a single run of the source (CDATA, a comment inside) as text.
 */
export class ColumnsBuilder {
  private latitudes: Float64Array;
  private longitudes: Float64Array;
  private elevations: Float64Array;
  private timeStarts: Int32Array;
  private timeEnds: Int32Array;
  private timeTexts: Map<number, string> | null = null;
  private count = 0;

  constructor(
    capacity = 256,
    private readonly source = '',
  ) {
    const size = Math.max(1, capacity);
    this.latitudes = new Float64Array(size);
    this.longitudes = new Float64Array(size);
    this.elevations = new Float64Array(size);
    this.timeStarts = new Int32Array(size);
    this.timeEnds = new Int32Array(size);
  }

  get length(): number {
    return this.count;
  }

  /** Starts a point, without elevation or time. */
  add(latitude: number, longitude: number): void {
    if (this.count === this.latitudes.length) this.grow();
    const index = this.count++;
    this.latitudes[index] = latitude;
    this.longitudes[index] = longitude;
    this.elevations[index] = Number.NaN;
    this.timeStarts[index] = NO_TIME;
  }

  /** Of the last point added. */
  setElevation(elevation: number): void {
    this.elevations[this.count - 1] = elevation;
  }

  /** The last point's time is the text of the source from start to end (entities not yet decoded). */
  setTimeAt(start: number, end: number): void {
    this.timeStarts[this.count - 1] = start;
    this.timeEnds[this.count - 1] = end;
    this.timeTexts?.delete(this.count - 1);
  }

  setTimeText(time: string): void {
    this.timeStarts[this.count - 1] = NO_TIME;
    this.timeTexts ??= new Map();
    this.timeTexts.set(this.count - 1, time);
  }

  finish(): PointColumns {
    const { source, timeStarts, timeEnds, timeTexts, count } = this;
    return {
      length: count,
      latitudes: this.latitudes.subarray(0, count),
      longitudes: this.longitudes.subarray(0, count),
      elevations: this.elevations.subarray(0, count),
      time(index) {
        const start = timeStarts[index]!;
        if (start === NO_TIME) return timeTexts?.get(index) ?? null;
        const text = decodeXmlEntities(source.slice(start, timeEnds[index]!)).trim();
        return text === '' ? null : text;
      },
    };
  }

  private grow(): void {
    const size = this.latitudes.length * 2;
    this.latitudes = grown(this.latitudes, new Float64Array(size));
    this.longitudes = grown(this.longitudes, new Float64Array(size));
    this.elevations = grown(this.elevations, new Float64Array(size));
    this.timeStarts = grown(this.timeStarts, new Int32Array(size));
    this.timeEnds = grown(this.timeEnds, new Int32Array(size));
  }
}

function grown<T extends Float64Array | Int32Array>(values: T, larger: T): T {
  larger.set(values);
  return larger;
}
