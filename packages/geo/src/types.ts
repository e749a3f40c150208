export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface GpxPoint extends LatLng {
  /** Metres, as written in the file; null when absent or not a number. */
  elevation: number | null;
  /** The `<time>` text as written (normally ISO 8601 UTC); null when absent. */
  time: string | null;
}

export interface GpxWaypoint extends GpxPoint {
  name: string | null;
  type: string | null;
  sym: string | null;
}

/** `Line` is how a line's points are held: a list of objects, or PointColumns (columns.ts). */
export interface GpxTrack<Line = GpxPoint[]> {
  name: string | null;
  segments: Line[];
}

export interface GpxRoute<Line = GpxPoint[]> {
  name: string | null;
  points: Line;
}

export interface Gpx<Line = GpxPoint[]> {
  /** '1.0' or '1.1' as declared on the root element, null when missing. */
  version: string | null;
  /** `<metadata><name>` in GPX 1.1, `<gpx><name>` in GPX 1.0. */
  name: string | null;
  tracks: GpxTrack<Line>[];
  routes: GpxRoute<Line>[];
  waypoints: GpxWaypoint[];
  /** Points dropped because their coordinates were missing, not numbers or out of range. */
  skippedPoints: number;
}

export interface Bounds {
  minLatitude: number;
  minLongitude: number;
  maxLatitude: number;
  maxLongitude: number;
}

/** [distance from the start in metres, elevation in metres] */
export type ProfilePoint = [distanceMetres: number, elevationMetres: number];
