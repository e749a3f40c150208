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

export interface GpxTrack {
  name: string | null;
  segments: GpxPoint[][];
}

export interface GpxRoute {
  name: string | null;
  points: GpxPoint[];
}

export interface Gpx {
  /** '1.0' or '1.1' as declared on the root element, null when missing. */
  version: string | null;
  /** `<metadata><name>` in GPX 1.1, `<gpx><name>` in GPX 1.0. */
  name: string | null;
  tracks: GpxTrack[];
  routes: GpxRoute[];
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
