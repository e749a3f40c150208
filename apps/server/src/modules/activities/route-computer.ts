import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { ErrorCode, LatLng } from '@cordata/contract';
import type { ZoneCircle } from '@cordata/geo';
import { ApiError } from '../../http/errors.ts';
import type { RouteElevation } from '../elevation/route-elevation.ts';
import { type ReadRecording, readRecording } from '../recordings/recording-file.ts';
import {
  type ComputedRoute,
  computeRoute,
  pointsLine,
  type RouteToCompute,
  trackGpx,
  uploadedRoute,
} from './activity-route.ts';

export interface RouteComputerOptions {
  /** A file that takes longer is refused as too complex, and its worker is replaced. */
  timeoutMs?: number;
  /** Smaller files are computed in place: a few milliseconds, less than handing them to the worker. */
  inlineBelowBytes?: number;
  /** Files waiting for a worker beyond this (uploads and exports counted apart) are told to try again (503). */
  maxWaiting?: number;
  /** Measures the climb of a route that has no elevation of its own (a drawn line, a file without <ele>). */
  elevation?: RouteElevation;
  /**
   * The worker's heap (V8's old generation), in MiB: a file that needs more is refused as too complex, and its worker
   * is replaced, instead of the process growing without bound. The largest file allowed needs about 24 MiB.
   */
  memoryLimitMb?: number;
}

/** What the worker is asked: a route to compute, or a stored file to write out as one track (GPX export). */
export type RouteWorkerRequest =
  | { kind: 'compute'; route: Extract<RouteToCompute, { mode: 'GPX' }> }
  /** An uploaded file's bytes, handed over (transferred, not copied) and decoded in the worker. */
  | { kind: 'upload'; bytes: Uint8Array }
  | { kind: 'track'; gpx: string; name: string; zones: ZoneCircle[] }
  /** A watch's recording (modules/recordings), its bytes transferred like an upload's. */
  | { kind: 'recording'; bytes: Uint8Array; route: LatLng[]; plannedStart: number };

export type RouteWorkerAnswer =
  | { ok: true; value: unknown }
  | { ok: false; code: ErrorCode; details?: Record<string, unknown> };

/** The worker's first message: its code is loaded, so a file's time budget starts now. */
export const WORKER_READY = 'ready';

interface Job {
  request: RouteWorkerRequest;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

// The build bundles the worker next to main.mjs (scripts/build.ts). From the sources (tsx, vitest) the
// worker is the .ts file beside this one, loaded through tsx's loader, which a worker does not inherit.
const fromSources = import.meta.url.endsWith('.ts');

function spawnWorker(resourceLimits: ResourceLimits) {
  if (!fromSources) return new Worker(new URL('./route-worker.mjs', import.meta.url), { resourceLimits });
  // tsx's ESM API (its `tsx/esm/api` import export): its plain loader registers only on the main thread.
  const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const file = new URL('./route-worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); });`,
    { eval: true, resourceLimits },
  );
}

/** About 2 000 FIT points, or a few hundred of GPX: a few milliseconds to read and match. */
const RECORDING_INLINE_BELOW_BYTES = 32 * 1024;

const tooComplex = () => new ApiError('GPX_INVALID', { details: { reason: 'GPX_TOO_COMPLEX' } });

/**
 * One worker thread and the files waiting for it: one at a time, each within `timeoutMs`, and past `maxWaiting`
 * waiting a 503 instead of an ever longer wait. The budget is the file's, not the worker's start: it runs from
 * the worker's ready message (loading its code from the sources under load takes seconds of its own).
 */
function createWorkerQueue(options: { timeoutMs: number; maxWaiting: number; resourceLimits: ResourceLimits }) {
  const waiting: Job[] = [];
  let worker: Worker | null = null;
  let ready = false;
  let running: { job: Job; timer?: NodeJS.Timeout } | null = null;

  function startWorker() {
    const started = spawnWorker(options.resourceLimits);
    started.unref();
    started.on('message', (answer: RouteWorkerAnswer | typeof WORKER_READY) => {
      if (answer !== WORKER_READY) return settle(answer);
      if (worker !== started) return;
      ready = true;
      startBudget();
    });
    started.on('error', (error: Error & { code?: string }) => {
      worker = null;
      settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : error);
    });
    started.on('exit', () => {
      if (worker === started) worker = null;
    });
    return started;
  }

  function settle(answer: RouteWorkerAnswer | Error) {
    if (!running) return;
    const { job, timer } = running;
    clearTimeout(timer);
    running = null;
    if (answer instanceof Error) job.reject(answer);
    else if (answer.ok) job.resolve(answer.value);
    else job.reject(new ApiError(answer.code, { details: answer.details }));
    next();
  }

  function startBudget() {
    if (!running || running.timer || !ready) return;
    running.timer = setTimeout(() => {
      const stuck = worker;
      worker = null;
      void stuck?.terminate();
      settle(tooComplex());
    }, options.timeoutMs);
  }

  function next() {
    const job = waiting.shift();
    if (!job) return;
    if (!worker) {
      ready = false;
      worker = startWorker();
    }
    running = { job };
    startBudget();
    worker.postMessage(job.request, 'bytes' in job.request ? [job.request.bytes.buffer as ArrayBuffer] : []);
  }

  return {
    run<T>(request: RouteWorkerRequest): Promise<T> {
      if (waiting.length >= options.maxWaiting) return Promise.reject(new ApiError('SERVICE_UNAVAILABLE'));
      return new Promise((resolve, reject) => {
        waiting.push({ request, resolve: resolve as (value: unknown) => void, reject });
        if (!running) next();
      });
    },
    async close() {
      for (const job of waiting.splice(0)) job.reject(new ApiError('SERVICE_UNAVAILABLE'));
      await worker?.terminate();
      worker = null;
    },
  };
}

/**
 * Computes routes off the event loop (review M5): GPX files above a few hundred kilobytes are parsed in
 * worker threads, one at a time, each within a time budget, so neither a huge nor a hostile file
 * stalls the calls and sockets of everyone else. Uploads and exports have a worker and a queue each (review
 * M-N1): a flood of exports can never make someone else's upload wait or answer 503.
 */
export function createRouteComputer(options: RouteComputerOptions = {}) {
  const inlineBelowBytes = options.inlineBelowBytes ?? 256 * 1024;
  const queueOptions = {
    timeoutMs: options.timeoutMs ?? 5_000,
    maxWaiting: options.maxWaiting ?? 8,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryLimitMb ?? 128 },
  };
  const uploads = createWorkerQueue(queueOptions);
  const exports = createWorkerQueue(queueOptions);

  function parse(route: RouteToCompute): Promise<ComputedRoute> {
    if (route.mode === 'POINTS' || route.gpx.length < inlineBelowBytes) return Promise.resolve(computeRoute(route));
    return uploads.run({ kind: 'compute', route });
  }

  /** A route without elevation of its own, measured along `line` by the elevation service when there is one. */
  async function withElevation(computed: ComputedRoute, line: ComputedRoute['routeSteps']): Promise<ComputedRoute> {
    if (computed.totalElevationGain !== null || !options.elevation) return computed;
    const { elevationSource: _source, ...figures } = await options.elevation(line);
    return { ...computed, ...figures };
  }

  return {
    /**
     * The route's figures. A GPX file keeps its own elevation; a drawn line, or a file without any, is measured by
     * the elevation service, and stays unknown (null) when there is none or it fails: saving never waits on it
     * beyond its timeout, and never fails because of it.
     */
    async compute(route: RouteToCompute): Promise<ComputedRoute> {
      const computed = await parse(route);
      return withElevation(computed, route.mode === 'POINTS' ? pointsLine(route) : computed.routeSteps);
    },
    /**
     * The route of an uploaded file (up to GPX_UPLOAD_MAX_BYTES): decoded and parsed in the worker unless small.
     * The bytes are handed to the worker: the caller must not use them afterwards.
     */
    async computeUpload(bytes: Uint8Array): Promise<ComputedRoute> {
      const computed =
        bytes.byteLength < inlineBelowBytes
          ? computeRoute(uploadedRoute(bytes))
          : await uploads.run<ComputedRoute>({ kind: 'upload', bytes });
      return withElevation(computed, computed.routeSteps);
    },
    /**
     * A stored route file as one GPX 1.1 track named `name` (trackGpx), trimmed outside the owner's privacy `zones`
     * (none for the owner), parsed in the exports' worker when large.
     */
    track(gpx: string, name: string, zones: ZoneCircle[] = []): Promise<string> {
      if (gpx.length < inlineBelowBytes) return Promise.resolve(trackGpx(gpx, name, zones));
      return exports.run({ kind: 'track', gpx, name, zones });
    },
    /**
     * A watch's recording read and matched against the planned route and start (recording-file.ts), in the uploads'
     * worker unless small. The bytes are handed to the worker.
     */
    recording(bytes: Uint8Array, route: LatLng[], plannedStart: number): Promise<ReadRecording> {
      // FIT is dense (about 15 bytes a point): a recording is read in place only when it is a few thousand points.
      if (bytes.byteLength < RECORDING_INLINE_BELOW_BYTES) {
        return Promise.resolve(readRecording(bytes, route, plannedStart));
      }
      return uploads.run({ kind: 'recording', bytes, route, plannedStart });
    },
    async close() {
      await Promise.all([uploads.close(), exports.close()]);
    },
  };
}

export type RouteComputer = ReturnType<typeof createRouteComputer>;
