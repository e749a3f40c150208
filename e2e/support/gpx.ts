import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TrackPoint {
  lat: number;
  lon: number;
  ele: number;
}

/** Writes a GPX 1.1 file of one track in a new temporary folder, and returns its path. */
export function writeGpx(fileName: string, trackName: string, points: TrackPoint[]): string {
  const trkpts = points
    .map((p) => `<trkpt lat="${p.lat.toFixed(6)}" lon="${p.lon.toFixed(6)}"><ele>${p.ele.toFixed(1)}</ele></trkpt>`)
    .join('');
  const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>${trackName}</name><trkseg>${trkpts}</trkseg></trk></gpx>`;
  const path = join(mkdtempSync(join(tmpdir(), 'cordata-gpx-')), fileName);
  writeFileSync(path, gpx);
  return path;
}

/** A straight climb from 45.86, 9.4 above Lecco: `steps` steps north-east, each `climb` metres up. */
export function climbAboveLecco(steps: number, step: { lat: number; lon: number; climb: number }): TrackPoint[] {
  return Array.from({ length: steps + 1 }, (_, i) => ({
    lat: 45.86 + i * step.lat,
    lon: 9.4 + i * step.lon,
    ele: 300 + i * step.climb,
  }));
}

/** The wizard's GPX step once the chosen file has gone through the presigned upload (GpxStep's progress bar). */
export const GPX_UPLOADED = '[data-testid="gpx-upload"][data-state="done"]';
