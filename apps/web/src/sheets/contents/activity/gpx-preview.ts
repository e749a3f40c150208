import type { LatLng, ProfilePoint } from '@cordata/geo';

/** What the GPX worker sends back: the figures and lines to show, never the parsed file. */
export interface GpxPreview {
  totalDistance: number;
  totalElevationGain: number;
  smoothedElevationGain: number;
  elevationProfile: ProfilePoint[];
  line: LatLng[];
  waypoints: LatLng[];
  pointCount: number;
  elapsedMinutes: number | null;
}

export type GpxWorkerAnswer =
  | {
      ok: true;
      preview: GpxPreview;
      /**
       * For a KML, TCX or FIT file, or a recording larger than the server takes: the route as GPX, which is
       * what the server stores. A Blob made in the worker: handing it over copies nothing on the main thread.
       */
      convertedGpx?: Blob;
      name?: string | null;
    }
  | { ok: false; code: string };

/** One file to read; the answer carries the same id. */
export interface GpxWorkerRequest {
  id: number;
  file: File;
}
