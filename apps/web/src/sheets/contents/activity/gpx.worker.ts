/// <reference lib="webworker" />
import { isGpxError, parseRouteFile, routeStats, writeGpx } from '@cordata/geo';
import type { GpxWorkerAnswer, GpxWorkerRequest } from './gpx-preview.ts';

// Parsing a large track takes hundreds of milliseconds: it runs here so the screen never freezes. The
// file itself comes as a File (a handle, not its text): reading it into a string happens here too.
self.onmessage = async (event: MessageEvent<GpxWorkerRequest>) => {
  const { id, file } = event.data;
  let answer: GpxWorkerAnswer;
  try {
    // GPX, KML, TCX or FIT, known by content: every format becomes the same route.
    const { format, gpx } = parseRouteFile(file.name, new Uint8Array(await file.arrayBuffer()));
    const stats = routeStats(gpx);
    if (stats.source === 'none') throw new Error('empty');
    // The text stays in the File: sending megabytes back would cost the main thread a long copy.
    answer = {
      ok: true,
      preview: {
        totalDistance: stats.totalDistance,
        totalElevationGain: stats.totalElevationGain,
        smoothedElevationGain: stats.smoothedElevationGain,
        elevationProfile: stats.elevationProfile,
        line: stats.simplifiedLine,
        waypoints: gpx.waypoints.map(({ latitude, longitude }) => ({ latitude, longitude })),
        pointCount: stats.pointCount,
        elapsedMinutes: stats.elapsedMinutes,
      },
      // Other formats go to the server as GPX: small next to the file (the simplified points are not enough).
      convertedGpx: format === 'gpx' ? undefined : writeGpx(gpx),
      name: gpx.name,
    };
  } catch (error) {
    answer = { ok: false, code: isGpxError(error) ? error.code : 'GPX_INVALID' };
  }
  self.postMessage({ id, answer });
};
