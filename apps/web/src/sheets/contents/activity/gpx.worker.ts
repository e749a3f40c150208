/// <reference lib="webworker" />
import { isGpxError, parseGpx, routeStats } from '@cordata/geo';
import type { GpxWorkerAnswer } from './gpx-preview.ts';

// Parsing a large track takes hundreds of milliseconds: it runs here so the screen never freezes.
self.onmessage = async (event: MessageEvent<File>) => {
  let answer: GpxWorkerAnswer;
  try {
    const text = await event.data.text();
    const gpx = parseGpx(text);
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
    };
  } catch (error) {
    answer = { ok: false, code: isGpxError(error) ? error.code : 'GPX_INVALID' };
  }
  self.postMessage(answer);
};
