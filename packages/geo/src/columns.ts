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
export function columnsOfPoints(
  points: readonly (LatLng & { elevation?: number | null; time?: string | null })[],
): PointColumns {
  const store = new ColumnsStore('', points.length);
  const line = store.startLine();
  for (let index = 0; index < points.length; index++) {
    const point = points[index]!;
    store.add(point.latitude, point.longitude);
    store.setElevation(point.elevation ?? Number.NaN);
    if (point.time) store.setTimeText(point.time);
  }
  return store.finish()(line);
}

export function pointsOfColumns(columns: PointColumns): GpxPoint[] {
  const { latitudes, longitudes, elevations } = columns;
  const points = new Array<GpxPoint>(columns.length);
  for (let index = 0; index < columns.length; index++) {
    points[index] = {
      latitude: latitudes[index]!,
      longitude: longitudes[index]!,
      elevation: elevationOrNull(elevations[index]!),
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
const NO_NUMBERS = new Float64Array(0);
const NO_INDICES = new Int32Array(0);

/** The one empty line: a file of a million empty segments holds one (security review M5). */
const EMPTY_LINE: PointColumns = {
  length: 0,
  latitudes: NO_NUMBERS,
  longitudes: NO_NUMBERS,
  elevations: NO_NUMBERS,
  time: () => null,
};

/**
 * The points of all the lines of a file, in one set of columns that grows as points come; a line is the run of
 * points added after it started, up to the next line's start. So a line costs an index while it is read and one
 * small object once read, whatever its length, and a time is kept as where its text lies in `source` (decoded
 * when read), or as text when it is not one run of the source (CDATA, a comment inside).
 */
export class ColumnsStore {
  private latitudes = NO_NUMBERS;
  private longitudes = NO_NUMBERS;
  private elevations = NO_NUMBERS;
  private timeStarts = NO_INDICES;
  private timeEnds = NO_INDICES;
  private timeTexts: Map<number, string> | null = null;
  private count = 0;
  private readonly lineStarts: number[] = [];

  /** `capacity`: the points expected, when known. */
  constructor(
    private readonly source = '',
    capacity = 0,
  ) {
    if (capacity > 0) this.grow(capacity);
  }

  /** Starts a line: the points added from now on are its own, until the next line starts. */
  startLine(): number {
    this.lineStarts.push(this.count);
    return this.lineStarts.length - 1;
  }

  /** The line points are added to: the last one started (-1 before any). */
  get lastLine(): number {
    return this.lineStarts.length - 1;
  }

  /** Adds a point, without elevation or time, to the last line started. */
  add(latitude: number, longitude: number): void {
    if (this.count === this.latitudes.length) this.grow(Math.max(1024, this.count * 2));
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

  /** Once every point is added: each line by its number, as columns (views of the store's, nothing copied). */
  finish(): (line: number) => PointColumns {
    const { lineStarts, count } = this;
    const columns: StoredColumns = {
      latitudes: this.latitudes.subarray(0, count),
      longitudes: this.longitudes.subarray(0, count),
      elevations: this.elevations.subarray(0, count),
      source: this.source,
      timeStarts: this.timeStarts,
      timeEnds: this.timeEnds,
      timeTexts: this.timeTexts,
    };
    return (line) => {
      const start = lineStarts[line]!;
      const end = lineStarts[line + 1] ?? count;
      return end === start ? EMPTY_LINE : new StoredLine(columns, start, end - start);
    };
  }

  private grow(size: number): void {
    this.latitudes = grown(this.latitudes, new Float64Array(size));
    this.longitudes = grown(this.longitudes, new Float64Array(size));
    this.elevations = grown(this.elevations, new Float64Array(size));
    this.timeStarts = grown(this.timeStarts, new Int32Array(size));
    this.timeEnds = grown(this.timeEnds, new Int32Array(size));
  }
}

interface StoredColumns {
  latitudes: Float64Array;
  longitudes: Float64Array;
  elevations: Float64Array;
  source: string;
  timeStarts: Int32Array;
  timeEnds: Int32Array;
  timeTexts: Map<number, string> | null;
}

/** One line of a store: three numbers, its arrays made when asked for (a line is read once or twice). */
class StoredLine implements PointColumns {
  constructor(
    private readonly columns: StoredColumns,
    private readonly start: number,
    readonly length: number,
  ) {}

  get latitudes(): Float64Array {
    return this.columns.latitudes.subarray(this.start, this.start + this.length);
  }

  get longitudes(): Float64Array {
    return this.columns.longitudes.subarray(this.start, this.start + this.length);
  }

  get elevations(): Float64Array {
    return this.columns.elevations.subarray(this.start, this.start + this.length);
  }

  time(index: number): string | null {
    const { source, timeStarts, timeEnds, timeTexts } = this.columns;
    const at = this.start + index;
    const start = timeStarts[at]!;
    if (start === NO_TIME) return timeTexts?.get(at) ?? null;
    const text = decodeXmlEntities(source.slice(start, timeEnds[at]!)).trim();
    return text === '' ? null : text;
  }
}

function grown<T extends Float64Array | Int32Array>(values: T, larger: T): T {
  larger.set(values);
  return larger;
}
