import {
  type CallResponse,
  type LatLng,
  SNAP_MAX_POINTS,
  type SnappedLeg,
  type StraightLegReason,
} from '@cordata/contract';

/** Why a leg is straight as the app shows it: the server's reasons, or the server itself out of reach. */
export type StraightReason = StraightLegReason | 'UNREACHABLE';

export type LegState =
  | { status: 'pending'; line: LatLng[] }
  | { status: 'snapped'; line: LatLng[] }
  | { status: 'straight'; line: LatLng[]; reason: StraightReason };

export interface SnapState {
  points: readonly LatLng[];
  legs: LegState[];
  /** The legs joined: what the map draws, what is measured, and what is stored once nothing is pending. */
  line: LatLng[];
  /** Some leg is still being asked for (debouncing, or in flight). */
  pending: boolean;
  /** What the map must credit for the snapped legs; null while no leg is snapped. */
  attribution: string | null;
}

export type SnapAnswer = CallResponse<'route/snap-legs'>;
export type SnapCall = (sportId: string, points: LatLng[], signal: AbortSignal) => Promise<SnapAnswer>;

/** Taps within this of each other make one request: the person is still drawing. */
export const SNAP_DEBOUNCE_MS = 250;

/** Answers worth remembering: the same leg would get the same one. A timeout or a failure is asked again. */
const LASTING: readonly (StraightLegReason | null)[] = [null, 'NO_ROUTE', 'NOT_CONFIGURED', 'SPORT_NOT_ROUTED'];

interface Known {
  line: LatLng[];
  reason: StraightReason | null;
  attribution: string | null;
}

const keyOf = (sportId: string, a: LatLng, b: LatLng) =>
  `${sportId}|${a.latitude},${a.longitude}|${b.latitude},${b.longitude}`;

/**
 * Snaps the legs of a route being drawn, with no React in it: `set` the sport and the points after each change; legs
 * already known are reused (undo, or a tap at the end, asks only for the new leg); new ones are asked for after a
 * short pause, and a newer change aborts the request still in flight, whose answer is then ignored.
 */
export function createLegSnapper({ snap, debounceMs = SNAP_DEBOUNCE_MS }: { snap: SnapCall; debounceMs?: number }) {
  const known = new Map<string, Known>();
  /** Failures that are shown until the next change asks again. */
  let failed = new Map<string, Known>();
  const listeners = new Set<() => void>();
  let sportId = '';
  let state: SnapState = { points: [], legs: [], line: [], pending: false, attribution: null };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;
  let inFlight: Promise<void> | null = null;
  let generation = 0;

  const pairs = () => state.points.slice(1).map((to, i) => [state.points[i]!, to] as const);

  function compute(points: readonly LatLng[], inFlightNow: boolean): SnapState {
    let attribution: string | null = null;
    let waiting = false;
    const legs = points.slice(1).map((to, i): LegState => {
      const from = points[i]!;
      const key = keyOf(sportId, from, to);
      const found = known.get(key) ?? failed.get(key);
      if (!found) {
        waiting = true;
        return { status: 'pending', line: [from, to] };
      }
      if (found.reason === null) {
        attribution ??= found.attribution;
        return { status: 'snapped', line: found.line };
      }
      return { status: 'straight', line: found.line, reason: found.reason };
    });
    const line = legs.length === 0 ? [...points] : legs.flatMap((leg, i) => (i === 0 ? leg.line : leg.line.slice(1)));
    return { points, legs, line, pending: waiting || inFlightNow, attribution };
  }

  const emit = () => {
    for (const listener of listeners) listener();
  };

  function remember(from: LatLng, to: LatLng, leg: SnappedLeg | undefined, attribution: string | null) {
    const key = keyOf(sportId, from, to);
    if (!leg) failed.set(key, { line: [from, to], reason: 'UNREACHABLE', attribution: null });
    else if (LASTING.includes(leg.straightReason))
      known.set(key, { line: leg.line, reason: leg.straightReason, attribution });
    else failed.set(key, { line: leg.line, reason: leg.straightReason, attribution });
  }

  /** Asks for every leg not known yet, in runs of at most SNAP_MAX_POINTS points. */
  async function ask(): Promise<void> {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    const run = ++generation;
    const askedSport = sportId;
    const legs = pairs();
    const missing = legs.map(([a, b]) => !known.has(keyOf(askedSport, a, b)) && !failed.has(keyOf(askedSport, a, b)));
    const spans: [number, number][] = [];
    missing.forEach((m, i) => {
      if (!m) return;
      const last = spans.at(-1);
      if (last && last[1] === i - 1 && i - last[0] < SNAP_MAX_POINTS - 1) last[1] = i;
      else spans.push([i, i]);
    });
    await Promise.all(
      spans.map(async ([first, last]) => {
        const points = [legs[first]![0], ...legs.slice(first, last + 1).map(([, b]) => b)];
        let answer: SnapAnswer | null = null;
        try {
          answer = await snap(askedSport, points, mine.signal);
        } catch {
          answer = null;
        }
        if (run !== generation || askedSport !== sportId) return; // a newer change took over
        if (typeof performance !== 'undefined') performance.mark('route-snap-answer');
        // No answer (offline, refused): each leg stays straight, UNREACHABLE, until the next change asks again.
        points.slice(1).forEach((to, i) => {
          remember(points[i]!, to, answer?.legs[i], answer?.attribution ?? null);
        });
      }),
    );
    if (run !== generation) return;
    controller = null;
    state = compute(state.points, false);
    emit();
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (!state.pending) return Promise.resolve();
    if (!state.legs.some((l) => l.status === 'pending')) return inFlight ?? Promise.resolve();
    const running = ask();
    inFlight = running;
    state = compute(state.points, true);
    emit();
    return running;
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The sport and the drawn points now; unknown legs are asked for after the pause. */
    set(nextSport: string, points: readonly LatLng[]) {
      if (nextSport === sportId && points === state.points) return;
      sportId = nextSport;
      // What failed is asked again on this change.
      failed = new Map();
      controller?.abort();
      controller = null;
      generation++;
      inFlight = null;
      state = compute(points, false);
      emit();
      if (timer) clearTimeout(timer);
      timer = null;
      if (state.pending) timer = setTimeout(() => void flush(), debounceMs);
    },
    /** Asks at once for what the pause would have asked, and resolves once every leg has its answer. */
    async settle(): Promise<SnapState> {
      await flush();
      // A change during the request starts another: follow it to its end (bounded, should a bug keep it pending).
      for (let i = 0; state.pending && i < 50; i++) await flush();
      return state;
    },
    /**
     * Stops asking (the step closes, or its points change): the pause and the request in flight are dropped, and
     * the next `set` starts afresh even with the same points. What is known stays known.
     */
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      controller?.abort();
      controller = null;
      inFlight = null;
      generation++;
      sportId = '';
      state = { ...state, points: [] };
    },
  };
}

export type LegSnapper = ReturnType<typeof createLegSnapper>;
