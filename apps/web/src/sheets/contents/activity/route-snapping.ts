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
  /** The server's engine as its last answer said (null: none configured); undefined before any answer. */
  engine: SnapAnswer['engine'] | undefined;
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

/**
 * The engine the server last answered with, kept for the session: with none configured the wizard says so at once
 * on the next route drawn instead of "Following paths…" first.
 */
let lastEngine: SnapAnswer['engine'] | undefined;
/** Forgets it (a sign-out, and tests that start from a fresh app). */
export const forgetEngine = () => {
  lastEngine = undefined;
};

const keyOf = (sportId: string, a: LatLng, b: LatLng) =>
  `${sportId}|${a.latitude},${a.longitude}|${b.latitude},${b.longitude}`;

interface Request {
  controller: AbortController;
  /** The legs it asks for. */
  keys: Set<string>;
  done: Promise<void>;
}

/**
 * Snaps the legs of a route being drawn, with no React in it: `set` the sport and the points after each change; legs
 * already known are reused (undo, or a tap at the end, asks only for the new leg); new ones are asked for after a
 * short pause. A request whose legs are all still drawn runs on (its answer is used); one asking for a leg no longer
 * drawn (undo, clear, another sport) is stale: it is aborted and its answer ignored.
 */
export function createLegSnapper({ snap, debounceMs = SNAP_DEBOUNCE_MS }: { snap: SnapCall; debounceMs?: number }) {
  const known = new Map<string, Known>();
  /** Failures that are shown until the next change asks again. */
  let failed = new Map<string, Known>();
  const listeners = new Set<() => void>();
  let sportId = '';
  let state: SnapState = { points: [], legs: [], line: [], pending: false, attribution: null, engine: lastEngine };
  let timer: ReturnType<typeof setTimeout> | null = null;
  const requests = new Set<Request>();

  const legKeys = () => state.points.slice(1).map((to, i) => keyOf(sportId, state.points[i]!, to));
  const answered = (key: string) => known.has(key) || failed.has(key);
  const asked = (key: string) => [...requests].some((r) => r.keys.has(key));

  function compute(points: readonly LatLng[]): SnapState {
    let attribution: string | null = null;
    let waiting = false;
    const legs = points.slice(1).map((to, i): LegState => {
      const from = points[i]!;
      const found = known.get(keyOf(sportId, from, to)) ?? failed.get(keyOf(sportId, from, to));
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
    return { points, legs, line, pending: waiting, attribution, engine: lastEngine };
  }

  const emit = () => {
    for (const listener of listeners) listener();
  };

  function remember(key: string, from: LatLng, to: LatLng, leg: SnappedLeg | undefined, attribution: string | null) {
    if (!leg) failed.set(key, { line: [from, to], reason: 'UNREACHABLE', attribution: null });
    else if (LASTING.includes(leg.straightReason)) {
      known.set(key, { line: leg.line, reason: leg.straightReason, attribution });
    } else failed.set(key, { line: leg.line, reason: leg.straightReason, attribution });
  }

  /** One request for `points` (consecutive legs), remembered leg by leg when it answers, unless stale by then. */
  function request(askedSport: string, points: LatLng[]): Request {
    const controller = new AbortController();
    const keys = points.slice(1).map((to, i) => keyOf(askedSport, points[i]!, to));
    const entry = { controller, keys: new Set(keys) } as Request;
    entry.done = (async () => {
      let answer: SnapAnswer | null = null;
      try {
        answer = await snap(askedSport, points, controller.signal);
      } catch {
        answer = null;
      }
      requests.delete(entry);
      if (controller.signal.aborted) return;
      if (typeof performance !== 'undefined') performance.mark('route-snap-answer');
      if (answer) lastEngine = answer.engine;
      // No answer (offline, refused): each leg stays straight, UNREACHABLE, until the next change asks again.
      points.slice(1).forEach((to, i) => {
        remember(keys[i]!, points[i]!, to, answer?.legs[i], answer?.attribution ?? null);
      });
      state = compute(state.points);
      emit();
    })();
    requests.add(entry);
    return entry;
  }

  /** Asks for every drawn leg neither answered nor asked yet, in runs of at most SNAP_MAX_POINTS points. */
  function ask() {
    const keys = legKeys();
    const spans: [number, number][] = [];
    keys.forEach((key, i) => {
      if (answered(key) || asked(key)) return;
      const last = spans.at(-1);
      if (last && last[1] === i - 1 && i - last[0] < SNAP_MAX_POINTS - 1) last[1] = i;
      else spans.push([i, i]);
    });
    for (const [first, last] of spans) request(sportId, state.points.slice(first, last + 2) as LatLng[]);
  }

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (state.pending) ask();
  }

  function abortAll() {
    for (const r of requests) r.controller.abort();
    requests.clear();
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
      state = { ...state, points };
      // A request for a leg no longer drawn is stale; one whose legs are all still drawn goes on.
      const drawn = new Set(legKeys());
      for (const r of [...requests]) {
        if ([...r.keys].some((k) => !drawn.has(k))) {
          r.controller.abort();
          requests.delete(r);
        }
      }
      // What failed is asked again on this change.
      failed = new Map();
      state = compute(points);
      emit();
      if (timer) clearTimeout(timer);
      timer = null;
      if (state.pending) timer = setTimeout(flush, debounceMs);
    },
    /** Asks at once for what the pause would have asked, and resolves once every leg has its answer. */
    async settle(): Promise<SnapState> {
      // A change meanwhile asks again: follow it to its end (bounded, should a bug keep it pending).
      for (let i = 0; state.pending && i < 50; i++) {
        flush();
        await Promise.all([...requests].map((r) => r.done));
      }
      return state;
    },
    /**
     * Stops asking (the step closes, or its points change): the pause and the requests in flight are dropped, and
     * the next `set` starts afresh even with the same points. What is known stays known.
     */
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      abortAll();
      sportId = '';
      state = { ...state, points: [] };
    },
  };
}

export type LegSnapper = ReturnType<typeof createLegSnapper>;
