/// <reference lib="webworker" />
import {
  GPX_MAX_BYTES,
  type Gpx,
  gpxOfColumns,
  isGpxError,
  type PointColumns,
  parseRouteFileColumns,
  routeStatsOfColumns,
  thinGpxColumns,
  writeGpx,
} from '@cordata/geo';
import type { GpxWorkerAnswer, GpxWorkerMessage, GpxWorkerRequest } from './gpx-preview.ts';

/** Recordings up to this size are read here; what goes to the server is thinned to its limits (review M5). */
const READ_MAX_BYTES = 50 * 1024 * 1024;
const READ_MAX_POINTS = 1_000_000;
/** About 100 bytes a point with elevation and time: comfortably under the server's GPX_MAX_BYTES. */
const UPLOAD_MAX_POINTS = 40_000;

/** Track and route points, as routeStats counts them. */
const pointsOf = (gpx: Gpx<PointColumns>) =>
  gpx.routes.reduce((n, r) => n + r.points.length, 0) +
  gpx.tracks.reduce((n, t) => n + t.segments.reduce((m, s) => m + s.length, 0), 0);

// Parsing a large track takes hundreds of milliseconds: it runs here so the screen never freezes. The
// file itself comes as a File (a handle, not its text): reading it into a string happens here too.
self.onmessage = async (event: MessageEvent<GpxWorkerRequest>) => {
  const { id, file } = event.data;
  let answer: GpxWorkerAnswer;
  let toWrite: Gpx<PointColumns> | null = null;
  try {
    // GPX, KML, TCX or FIT, known by content: every format becomes the same route, its points held as columns (a
    // recording as objects is half a million of them for the garbage collector).
    const read = parseRouteFileColumns(file.name, new Uint8Array(await file.arrayBuffer()), {
      maxBytes: READ_MAX_BYTES,
      maxPoints: READ_MAX_POINTS,
    });
    const gpx = thinGpxColumns(read.gpx, UPLOAD_MAX_POINTS);
    // A file the server takes as it is stays as it is; anything else is sent as GPX it accepts.
    const rewrite = read.format !== 'gpx' || gpx !== read.gpx || file.size > GPX_MAX_BYTES;
    const stats = routeStatsOfColumns(gpx);
    if (stats.source === 'none') throw new Error('empty');
    if (rewrite) toWrite = gpx;
    // The text stays in the File: sending megabytes back would cost the main thread a long copy.
    answer = {
      ok: true,
      preview: {
        totalDistance: stats.totalDistance,
        totalElevationGain: stats.hasElevation ? stats.totalElevationGain : null,
        smoothedElevationGain: stats.hasElevation ? stats.smoothedElevationGain : null,
        elevationLoss: stats.hasElevation ? stats.smoothedElevationLoss : null,
        elevationProfile: stats.elevationProfile,
        line: stats.simplifiedLine,
        waypoints: gpx.waypoints.map(({ latitude, longitude }) => ({ latitude, longitude })),
        // The file's own count: the route drawn and measured is what the server will store.
        pointCount: gpx === read.gpx ? stats.pointCount : pointsOf(read.gpx),
        elapsedMinutes: stats.elapsedMinutes,
      },
      converting: rewrite,
      name: gpx.name,
    };
  } catch (error) {
    answer = { ok: false, code: isGpxError(error) ? error.code : 'GPX_INVALID' };
  }
  self.postMessage({ id, answer } satisfies GpxWorkerMessage);
  // Other formats and large recordings go as GPX (the simplified display line would not be enough): written after
  // the answer, so the preview shows while this runs.
  if (toWrite) {
    let converted: Blob | null = null;
    try {
      converted = new Blob([writeGpx(gpxOfColumns(toWrite))], { type: 'application/gpx+xml' });
    } catch {
      converted = null;
    }
    self.postMessage({ id, converted } satisfies GpxWorkerMessage);
  }
};
