/** The worker thread that computes uploaded routes, so a large file never holds the event loop. */
import { parentPort } from 'node:worker_threads';
import { ApiError } from '../../http/errors.ts';
import { readRecording } from '../recordings/recording-file.ts';
import { computeRoute, trackGpx, uploadedRoute } from './activity-route.ts';
import type { RouteWorkerAnswer, RouteWorkerRequest, WORKER_READY } from './route-computer.ts';

parentPort!.on('message', (request: RouteWorkerRequest) => {
  let answer: RouteWorkerAnswer;
  try {
    const value =
      request.kind === 'compute'
        ? computeRoute(request.route)
        : request.kind === 'upload'
          ? computeRoute(uploadedRoute(request.bytes))
          : request.kind === 'recording'
            ? readRecording(request.bytes, request.route, request.plannedStart)
            : trackGpx(request.gpx, request.name, request.zones);
    answer = { ok: true, value };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    answer = { ok: false, code: error.code, details: error.details };
  }
  parentPort!.postMessage(answer);
});
parentPort!.postMessage('ready' satisfies typeof WORKER_READY);
