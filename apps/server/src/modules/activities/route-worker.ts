/** The worker thread that computes uploaded routes, so a large file never holds the event loop. */
import { parentPort } from 'node:worker_threads';
import type { RouteInput } from '@cordata/contract';
import { ApiError } from '../../http/errors.ts';
import { computeRoute } from './activity-route.ts';

parentPort!.on('message', (route: RouteInput) => {
  try {
    parentPort!.postMessage({ ok: true, route: computeRoute(route) });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    parentPort!.postMessage({ ok: false, code: error.code, details: error.details });
  }
});
