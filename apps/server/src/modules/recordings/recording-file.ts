import { GPX_UPLOAD_MAX_BYTES, type LatLng, RECORDING_LINE_MAX_POINTS } from '@cordata/contract';
import {
  isGpxError,
  matchRecording,
  parseRouteFile,
  type RecordedPoint,
  type Recording,
  type RecordingMatch,
  recordingOf,
  thinRecording,
} from '@cordata/geo';
import { ApiError } from '../../http/errors.ts';

/** A day-long recording at one point a second is about 90 000 points; a file may hold a little more. */
const RECORDING_READ_MAX_POINTS = 200_000;

/** The line kept of a recording: thinned to RECORDING_LINE_MAX_POINTS, [latitude, longitude] pairs. */
export const keptLine = (points: readonly RecordedPoint[]): [number, number][] =>
  thinRecording(points, RECORDING_LINE_MAX_POINTS).map((p) => [p.latitude, p.longitude]);

/** What the server keeps of a recording, and how it matched the activity. */
export interface ReadRecording {
  startedAt: number;
  endedAt: number;
  movingSeconds: number;
  distance: number;
  line: [number, number][];
  match: RecordingMatch;
}

/**
 * A watch's file (FIT, TCX or GPX) read and matched against the activity's planned route and start. Run in the
 * route worker for a large file (route-computer.ts): a 100 000-point FIT file is parsed off the event loop.
 * Throws RECORDING_INVALID for a file that is not a timed track.
 */
export function readRecording(bytes: Uint8Array, route: LatLng[], plannedStart: number): ReadRecording {
  let recording: Recording | null;
  try {
    const { gpx } = parseRouteFile('', bytes, { maxBytes: GPX_UPLOAD_MAX_BYTES, maxPoints: RECORDING_READ_MAX_POINTS });
    recording = recordingOf(gpx);
  } catch (error) {
    if (!isGpxError(error)) throw error;
    throw new ApiError('RECORDING_INVALID', { details: { reason: error.code } });
  }
  if (!recording) throw new ApiError('RECORDING_INVALID', { details: { reason: 'NO_TIMED_TRACK' } });
  return {
    startedAt: recording.startedAt,
    endedAt: recording.endedAt,
    movingSeconds: recording.movingSeconds,
    distance: recording.distance,
    line: keptLine(recording.points),
    match: matchRecording(route, recording, plannedStart),
  };
}
