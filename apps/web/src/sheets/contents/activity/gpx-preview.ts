import type { LatLng, ProfilePoint } from '@cordata/geo';

/** What the GPX worker sends back: the figures and lines to show, never the parsed file. */
export interface GpxPreview {
  totalDistance: number;
  /** Null when the file has no elevation at all (the server then asks the elevation service). */
  totalElevationGain: number | null;
  smoothedElevationGain: number | null;
  elevationLoss: number | null;
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
       * A KML, TCX or FIT file, or a recording with more points than the server keeps: the route is written as GPX
       * (what the server stores) after this answer, and follows in a message of its own (GpxWorkerConversion), so the
       * preview is not held up by the writing.
       */
      converting: boolean;
      name?: string | null;
    }
  | { ok: false; code: string };

/** What the worker posts: the answer to a file, then, when it converts, the GPX (a Blob: handing it over copies nothing). */
export type GpxWorkerMessage = { id: number; answer: GpxWorkerAnswer } | { id: number; converted: Blob | null };

/** A read as GpxReader gives it: the answer, and the file to upload (the original, or the GPX it is converted to). */
export type GpxRead =
  | (Extract<GpxWorkerAnswer, { ok: true }> & { upload: Promise<Blob | null> })
  | Extract<GpxWorkerAnswer, { ok: false }>;

/** One file to read; the answer carries the same id. */
export interface GpxWorkerRequest {
  id: number;
  file: File;
}
