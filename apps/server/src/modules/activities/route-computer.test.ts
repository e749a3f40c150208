import { GPX_MAX_BYTES, GPX_MAX_POINTS } from '@cordata/geo';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { computeRoute, trackGpx, uploadedRoute } from './activity-route.ts';
import { createRouteComputer, type RouteComputer, type RouteComputerOptions } from './route-computer.ts';

/** A recorded track of `points` points with elevation and time: about 100 bytes each. */
function track(points: number) {
  const start = Date.UTC(2026, 5, 1, 8);
  const rows = Array.from(
    { length: points },
    (_, i) =>
      `<trkpt lat="${(45 + i / 1e5).toFixed(6)}" lon="${(9 + (i % 7) / 1e5).toFixed(6)}"><ele>${200 + (i % 40)}</ele><time>${new Date(start + i * 1000).toISOString()}</time></trkpt>`,
  );
  return { mode: 'GPX' as const, gpx: `<gpx version="1.1"><trk><trkseg>${rows.join('')}</trkseg></trk></gpx>` };
}

/** The most a file may hold: points with elevation, as many as GPX_MAX_BYTES and GPX_MAX_POINTS let in. */
function largestAllowed() {
  const rows: string[] = [];
  let bytes = 60;
  for (let i = 0; i < GPX_MAX_POINTS; i++) {
    const row = `<trkpt lat="${(45 + i / 1e5).toFixed(5)}" lon="${(9 + (i % 7) / 1e5).toFixed(5)}"><ele>${200 + (i % 40)}</ele></trkpt>`;
    if (bytes + row.length > GPX_MAX_BYTES) break;
    rows.push(row);
    bytes += row.length;
  }
  return { mode: 'GPX' as const, gpx: `<gpx version="1.1"><trk><trkseg>${rows.join('')}</trkseg></trk></gpx>` };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as ApiError,
  );

describe('route computer (review M5: uploads parsed off the event loop)', () => {
  let computer: RouteComputer;
  afterEach(() => computer?.close());

  it('computes a large file in the worker to the same figures, while the event loop keeps turning', async () => {
    computer = createRouteComputer();
    const big = track(20_000);
    let turned = false;
    const pending = computer.compute(big);
    setImmediate(() => {
      turned = true;
    });
    const route = await pending;
    // Computed in place, the answer would be ready before the loop could turn once.
    expect(turned).toBe(true);
    expect(route).toEqual(computeRoute(big));
  });

  /** `options` make the computer refuse `route` as too complex; a computer made afresh then works. */
  async function refusedAsTooComplex(options: RouteComputerOptions, route: ReturnType<typeof track>) {
    computer = createRouteComputer(options);
    const error = await failure(computer.compute(route));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('GPX_INVALID');
    expect(error.details).toEqual({ reason: 'GPX_TOO_COMPLEX' });

    computer.close();
    computer = createRouteComputer({ inlineBelowBytes: 0 });
    const small = track(50);
    expect(await computer.compute(small)).toEqual(computeRoute(small));
  }

  it('refuses a file that exceeds the time budget as too complex, and the next one still works', async () => {
    await refusedAsTooComplex({ timeoutMs: 1 }, track(20_000));
  });

  it('refuses a file as too complex when its worker runs out of memory, and the next one still works', async () => {
    // 12 MiB is less than the worker itself needs to start from the sources, so it always runs out here; the time
    // budget cannot run out first. The largest file allowed needs about 24 MiB (below).
    await refusedAsTooComplex({ inlineBelowBytes: 0, memoryLimitMb: 12, timeoutMs: 60_000 }, largestAllowed());
  });

  it('computes the largest file allowed within the default memory limit (it needs 20–24 MiB)', async () => {
    computer = createRouteComputer({ inlineBelowBytes: 0, timeoutMs: 60_000 });
    const largest = largestAllowed();
    expect(largest.gpx.length).toBeGreaterThan(GPX_MAX_BYTES - 100);
    const route = await computer.compute(largest);
    expect(route.routeSteps.length).toBeGreaterThan(0);
  });

  it('passes on the file errors the worker finds', async () => {
    computer = createRouteComputer({ inlineBelowBytes: 0 });
    const error = await failure(computer.compute({ mode: 'GPX', gpx: '<kml></kml>' }));
    expect(error.code).toBe('GPX_INVALID');
  });

  it('tells uploads beyond the queue to try again instead of holding them', async () => {
    computer = createRouteComputer({ inlineBelowBytes: 0, maxWaiting: 1 });
    const file = track(5_000);
    const first = computer.compute(file);
    const second = computer.compute(file);
    const third = await failure(computer.compute(file));
    expect(third.code).toBe('SERVICE_UNAVAILABLE');
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });

  it('keeps uploads apart from exports: a flood of exports never makes an upload answer 503 (review M-N1)', async () => {
    // A generous time budget: this is about the queues, not the clock, on however busy a machine.
    computer = createRouteComputer({ inlineBelowBytes: 0, maxWaiting: 1, timeoutMs: 120_000 });
    const stored = track(2_000).gpx;
    // The review's exploit: 12 parallel exports of a large file, and meanwhile someone else's upload.
    const exports = Array.from({ length: 12 }, () =>
      computer.track(stored, 'Ride').then(
        () => 'written',
        (error: ApiError) => error.code,
      ),
    );
    const upload = computer.computeUpload(new TextEncoder().encode(track(2_000).gpx));
    await expect(upload).resolves.toEqual(computeRoute(track(2_000)));
    // The exports still have their own limit: past one waiting, they are told to try again.
    const answers = await Promise.all(exports);
    expect(answers.filter((a) => a === 'written')).toHaveLength(2);
    expect(answers.filter((a) => a === 'SERVICE_UNAVAILABLE')).toHaveLength(10);
  });

  it('computes drawn routes and small files in place', async () => {
    computer = createRouteComputer();
    const drawn = {
      mode: 'POINTS' as const,
      start: { latitude: 45, longitude: 9 },
      destination: { latitude: 45.01, longitude: 9.01 },
      routeSteps: [],
    };
    expect(await computer.compute(drawn)).toEqual(computeRoute(drawn));
  });
});

describe('route computer: GPX export', () => {
  let computer: RouteComputer;
  afterEach(() => computer?.close());

  it('writes a large stored file out as one track in the worker, while the event loop keeps turning', async () => {
    computer = createRouteComputer();
    const big = track(20_000).gpx;
    let turned = false;
    const pending = computer.track(big, 'Long ride');
    setImmediate(() => {
      turned = true;
    });
    const gpx = await pending;
    expect(turned).toBe(true);
    expect(gpx).toBe(trackGpx(big, 'Long ride'));
    expect(gpx).toContain('<trk><name>Long ride</name><trkseg>');
  });
});

describe('route computer: uploaded files', () => {
  let computer: RouteComputer;
  afterEach(() => computer?.close());

  it('decodes and computes an uploaded file in the worker (its bytes handed over), while the event loop turns', async () => {
    computer = createRouteComputer();
    const text = track(20_000).gpx;
    const bytes = new TextEncoder().encode(text);
    let turned = false;
    const pending = computer.computeUpload(bytes);
    setImmediate(() => {
      turned = true;
    });
    const route = await pending;
    expect(turned).toBe(true);
    // Transferred, not copied: the caller's buffer is now empty.
    expect(bytes.byteLength).toBe(0);
    expect(route).toEqual(computeRoute(uploadedRoute(new TextEncoder().encode(text))));
    expect(route.gpx).toBe(text);
  });

  it('passes on the GPX loading error for an uploaded file that is not GPX', async () => {
    computer = createRouteComputer({ inlineBelowBytes: 0 });
    const error = await failure(computer.computeUpload(new TextEncoder().encode('<?xml version="1.0"?><kml/>')));
    expect(error.code).toBe('GPX_INVALID');
  });
});
