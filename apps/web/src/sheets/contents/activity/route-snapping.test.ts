import type { LatLng, SnappedLeg } from '@cordata/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLegSnapper, SNAP_DEBOUNCE_MS, type SnapAnswer } from './route-snapping.ts';

const P = (i: number): LatLng => ({ latitude: 45 + i / 100, longitude: 9 + i / 100 });
const bent = (a: LatLng, b: LatLng): LatLng[] => [a, { latitude: a.latitude, longitude: b.longitude }, b];

interface Asked {
  sportId: string;
  points: LatLng[];
  signal: AbortSignal;
  answer: (legs?: (leg: [LatLng, LatLng], i: number) => SnappedLeg) => void;
  fail: () => void;
}

/** A snap call the test answers by hand, in any order. */
function fakeServer() {
  const asked: Asked[] = [];
  const snap = (sportId: string, points: LatLng[], signal: AbortSignal) =>
    new Promise<SnapAnswer>((resolve, reject) => {
      asked.push({
        sportId,
        points,
        signal,
        answer: (legOf = ([a, b]) => ({ line: bent(a, b), straightReason: null })) =>
          resolve({
            engine: 'osrm',
            profile: 'HIKING',
            attribution: 'OSRM, © OpenStreetMap contributors',
            legs: points.slice(1).map((b, i) => legOf([points[i]!, b], i)),
          }),
        fail: () => reject(new Error('offline')),
      });
    });
  return { asked, snap };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const settleMicrotasks = () => vi.advanceTimersByTimeAsync(0);

describe('the leg snapper', () => {
  it('asks after the pause, shows the legs pending meanwhile, then the snapped line', async () => {
    const server = fakeServer();
    const snapper = createLegSnapper({ snap: server.snap });
    snapper.set('hiking', [P(0), P(1)]);
    expect(snapper.getState()).toMatchObject({ pending: true, line: [P(0), P(1)] });
    expect(snapper.getState().legs[0]!.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS - 1);
    expect(server.asked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.asked.map((a) => a.points)).toEqual([[P(0), P(1)]]);
    server.asked[0]!.answer();
    await settleMicrotasks();
    expect(snapper.getState()).toMatchObject({
      pending: false,
      line: bent(P(0), P(1)),
      attribution: 'OSRM, © OpenStreetMap contributors',
    });
    expect(snapper.getState().legs[0]!.status).toBe('snapped');
  });

  it('asks only for the new leg when a point is added, and nothing on undo', async () => {
    const server = fakeServer();
    const snapper = createLegSnapper({ snap: server.snap });
    snapper.set('hiking', [P(0), P(1)]);
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS);
    server.asked[0]!.answer();
    await settleMicrotasks();
    snapper.set('hiking', [P(0), P(1), P(2)]);
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS);
    expect(server.asked[1]!.points).toEqual([P(1), P(2)]);
    server.asked[1]!.answer();
    await settleMicrotasks();
    expect(snapper.getState().line).toEqual([...bent(P(0), P(1)), ...bent(P(1), P(2)).slice(1)]);
    snapper.set('hiking', [P(0), P(1)]);
    expect(snapper.getState()).toMatchObject({ pending: false, line: bent(P(0), P(1)) });
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS * 4);
    expect(server.asked).toHaveLength(2);
  });

  it('groups quick taps into one request, and cancels a stale one whose late answer is ignored', async () => {
    const server = fakeServer();
    const snapper = createLegSnapper({ snap: server.snap });
    snapper.set('hiking', [P(0), P(1)]);
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS / 2);
    snapper.set('hiking', [P(0), P(1), P(2)]);
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS);
    expect(server.asked.map((a) => a.points)).toEqual([[P(0), P(1), P(2)]]);
    // While that is in flight the person moves on: it is aborted, and its answer changes nothing.
    snapper.set('hiking', [P(0), P(3)]);
    expect(server.asked[0]!.signal.aborted).toBe(true);
    server.asked[0]!.answer();
    await settleMicrotasks();
    expect(snapper.getState()).toMatchObject({ pending: true, line: [P(0), P(3)] });
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS);
    server.asked[1]!.answer();
    await settleMicrotasks();
    expect(snapper.getState()).toMatchObject({ pending: false, line: bent(P(0), P(3)) });
  });

  it('lets a request run on when a point is added meanwhile, and asks only for the new leg', async () => {
    const server = fakeServer();
    const snapper = createLegSnapper({ snap: server.snap });
    snapper.set('hiking', [P(0), P(1)]);
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS);
    snapper.set('hiking', [P(0), P(1), P(2)]);
    expect(server.asked[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS);
    expect(server.asked.map((a) => a.points)).toEqual([
      [P(0), P(1)],
      [P(1), P(2)],
    ]);
    server.asked[1]!.answer();
    server.asked[0]!.answer();
    await settleMicrotasks();
    expect(snapper.getState()).toMatchObject({
      pending: false,
      line: [...bent(P(0), P(1)), ...bent(P(1), P(2)).slice(1)],
    });
  });

  it('keeps a leg straight with the reason; a timeout or an unreachable server is asked again on the next change', async () => {
    const server = fakeServer();
    const snapper = createLegSnapper({ snap: server.snap });
    snapper.set('hiking', [P(0), P(1), P(2)]);
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS);
    server.asked[0]!.answer(([a, b], i) =>
      i === 0 ? { line: [a, b], straightReason: 'NO_ROUTE' } : { line: [a, b], straightReason: 'TIMEOUT' },
    );
    await settleMicrotasks();
    expect(snapper.getState().legs).toEqual([
      { status: 'straight', line: [P(0), P(1)], reason: 'NO_ROUTE' },
      { status: 'straight', line: [P(1), P(2)], reason: 'TIMEOUT' },
    ]);
    expect(snapper.getState().attribution).toBeNull();
    snapper.set('hiking', [P(0), P(1), P(2), P(3)]);
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS);
    // NO_ROUTE is remembered; the timed-out leg is asked again with the new one.
    expect(server.asked[1]!.points).toEqual([P(1), P(2), P(3)]);
    server.asked[1]!.fail();
    await settleMicrotasks();
    expect(snapper.getState().legs.map((l) => (l.status === 'straight' ? l.reason : l.status))).toEqual([
      'NO_ROUTE',
      'UNREACHABLE',
      'UNREACHABLE',
    ]);
    expect(snapper.getState().line).toEqual([P(0), P(1), P(2), P(3)]);
  });

  it('asks again for every leg when the sport changes (another profile)', async () => {
    const server = fakeServer();
    const snapper = createLegSnapper({ snap: server.snap });
    const points = [P(0), P(1)];
    snapper.set('hiking', points);
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS);
    server.asked[0]!.answer();
    await settleMicrotasks();
    snapper.set('road-cycling', points);
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS);
    expect(server.asked.map((a) => a.sportId)).toEqual(['hiking', 'road-cycling']);
  });

  it('splits a long route into requests of at most 30 points that share their joining point', async () => {
    const server = fakeServer();
    const snapper = createLegSnapper({ snap: server.snap });
    const points = Array.from({ length: 61 }, (_, i) => P(i));
    snapper.set('hiking', points);
    await vi.advanceTimersByTimeAsync(SNAP_DEBOUNCE_MS);
    expect(server.asked.map((a) => a.points.length)).toEqual([30, 30, 3]);
    expect(server.asked[1]!.points[0]).toEqual(server.asked[0]!.points.at(-1));
    for (const a of server.asked) a.answer();
    await settleMicrotasks();
    expect(snapper.getState().pending).toBe(false);
    expect(snapper.getState().legs.every((l) => l.status === 'snapped')).toBe(true);
  });

  it('settle() asks at once, without waiting for the pause', async () => {
    const server = fakeServer();
    const snapper = createLegSnapper({ snap: server.snap });
    snapper.set('hiking', [P(0), P(1)]);
    const settled = snapper.settle();
    await settleMicrotasks();
    expect(server.asked).toHaveLength(1);
    server.asked[0]!.answer();
    await expect(settled).resolves.toMatchObject({ pending: false, line: bent(P(0), P(1)) });
  });
});
