import type { Location, StartOptions } from '@capgo/background-geolocation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BackgroundDeps,
  backgroundLocation,
  browserLocation,
  EXPLAINED_KEY,
  type Fix,
  fakeLocation,
  type WatchOptions,
} from './geolocation.ts';

/** A stand-in for navigator.geolocation that answers one way. */
function fakeGeolocation(answer: { coords: { latitude: number; longitude: number } } | { code: number }) {
  const calls: PositionOptions[] = [];
  const geolocation = {
    getCurrentPosition(success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) {
      calls.push(options ?? {});
      if ('coords' in answer) success(answer as GeolocationPosition);
      else failure?.(answer as GeolocationPositionError);
    },
  } as unknown as Geolocation;
  return { geolocation, calls };
}

describe('browserLocation', () => {
  it('answers the position, rounded to 6 decimals, without asking for high accuracy', async () => {
    const { geolocation, calls } = fakeGeolocation({ coords: { latitude: 45.464211234, longitude: 9.190001987 } });
    expect(await browserLocation(geolocation).current()).toEqual({
      ok: true,
      position: { latitude: 45.464211, longitude: 9.190002 },
    });
    expect(calls[0]).toMatchObject({ enableHighAccuracy: false });
    expect(calls[0]?.timeout).toBeGreaterThan(0);
  });

  it('a refused permission (code 1) is DENIED: the app then says to activate location manually', async () => {
    expect(await browserLocation(fakeGeolocation({ code: 1 }).geolocation).current()).toEqual({
      ok: false,
      reason: 'DENIED',
    });
  });

  it.each([2, 3])('error code %i (no fix, timeout) is UNAVAILABLE', async (code) => {
    expect(await browserLocation(fakeGeolocation({ code }).geolocation).current()).toEqual({
      ok: false,
      reason: 'UNAVAILABLE',
    });
  });

  it('a browser without geolocation is DENIED', async () => {
    expect(await browserLocation(undefined).current()).toEqual({ ok: false, reason: 'DENIED' });
  });
});

describe('fakeLocation', () => {
  it('answers what it was given and counts the calls', async () => {
    const fake = fakeLocation({ ok: false, reason: 'DENIED' });
    expect(await fake.current()).toEqual({ ok: false, reason: 'DENIED' });
    expect(fake.calls).toBe(1);
  });
});

describe('browserLocation: the safety watch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a fix now and then once per interval, as before the phone had a background mode', () => {
    vi.useFakeTimers();
    const { geolocation, calls } = fakeGeolocation({ coords: { latitude: 45.9, longitude: 7.8 } });
    const fixes: Fix[] = [];
    const stop = browserLocation(geolocation).watch(
      { economy: false, notice: { title: '', message: '' }, explain: () => Promise.resolve(true) },
      (fix) => fixes.push(fix),
    );
    vi.advanceTimersByTime(60_000);
    expect(fixes).toHaveLength(3);
    expect(calls[0]).toMatchObject({ enableHighAccuracy: true });
    stop();
    vi.advanceTimersByTime(60_000);
    expect(fixes).toHaveLength(3);
  });
});

/**
 * @capgo/background-geolocation, mocked: `start` keeps the callback, which the test calls as the GPS would (about
 * once a second on both platforms, the plugin has no interval of its own).
 */
function fakePlugin(hidden = false) {
  const state = {
    options: [] as StartOptions[],
    callback: undefined as ((position?: Location) => void) | undefined,
    stops: 0,
    order: [] as string[],
    now: 0,
    hidden,
    stored: new Map<string, string>(),
    stopping: Promise.resolve(),
  };
  const deps: BackgroundDeps = {
    plugin: async () => ({
      async start(options, callback) {
        state.order.push('start');
        state.options.push(options);
        state.callback = callback;
      },
      async stop() {
        state.order.push('stop');
        state.stops += 1;
        await state.stopping;
      },
    }),
    hidden: () => state.hidden,
    now: () => state.now,
    storage: () => ({
      getItem: (k) => state.stored.get(k) ?? null,
      setItem: (k, v) => void state.stored.set(k, v),
    }),
  };
  /** The GPS reports a fix every second for `seconds`. */
  const run = (seconds: number) => {
    for (let i = 0; i < seconds; i += 1) {
      state.now += 1000;
      state.callback?.({ latitude: 45.9, longitude: 7.8, accuracy: 8 } as Location);
    }
  };
  return { state, deps, run };
}

const options = (over: Partial<WatchOptions> = {}): WatchOptions => ({
  economy: false,
  notice: { title: 'Sharing', message: 'Until you are back' },
  explain: () => Promise.resolve(true),
  ...over,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('backgroundLocation: the safety watch on a phone', () => {
  it('explains before the system asks, then starts the plugin in the background with the notice', async () => {
    const { state, deps } = fakePlugin();
    const explain = vi.fn(async () => {
      state.order.push('explain');
      return true;
    });
    backgroundLocation(deps).watch(options({ explain }), () => {});
    await settle();
    expect(state.order).toEqual(['explain', 'start']);
    expect(state.options[0]).toEqual({
      backgroundTitle: 'Sharing',
      backgroundMessage: 'Until you are back',
      requestPermissions: true,
      stale: false,
      distanceFilter: 0,
    });
    expect(state.stored.get(EXPLAINED_KEY)).toBe('yes');
  });

  it('explains once: the next window starts at once', async () => {
    const { state, deps } = fakePlugin();
    state.stored.set(EXPLAINED_KEY, 'yes');
    const explain = vi.fn(async () => true);
    backgroundLocation(deps).watch(options({ explain }), () => {});
    await settle();
    expect(explain).not.toHaveBeenCalled();
    expect(state.options[0]).toHaveProperty('backgroundMessage');
  });

  it('declined, it works with the app on screen only (no background notice, no "Always"), and asks again next time', async () => {
    const { state, deps } = fakePlugin();
    backgroundLocation(deps).watch(options({ explain: async () => false }), () => {});
    await settle();
    expect(state.options[0]).not.toHaveProperty('backgroundMessage');
    expect(state.options[0]).toMatchObject({ backgroundTitle: 'Sharing', requestPermissions: true });
    expect(state.stored.has(EXPLAINED_KEY)).toBe(false);
  });

  it('keeps one fix every 30 s with the screen on', async () => {
    const { deps, run } = fakePlugin();
    const fixes: Fix[] = [];
    backgroundLocation(deps).watch(options(), (fix) => fixes.push(fix));
    await settle();
    run(90);
    expect(fixes).toHaveLength(3);
    expect(fixes[0]).toEqual({ latitude: 45.9, longitude: 7.8, accuracy: 8 });
  });

  it('keeps one fix every 5 minutes (the economy interval) with the screen locked, and in economy mode', async () => {
    const locked = fakePlugin(true);
    const whileLocked: Fix[] = [];
    backgroundLocation(locked.deps).watch(options(), (fix) => whileLocked.push(fix));
    await settle();
    locked.run(15 * 60);
    expect(whileLocked).toHaveLength(3);

    const economy = fakePlugin();
    const inEconomy: Fix[] = [];
    backgroundLocation(economy.deps).watch(options({ economy: true }), (fix) => inEconomy.push(fix));
    await settle();
    economy.run(15 * 60);
    expect(inEconomy).toHaveLength(3);
  });

  it('stops the plugin when the watch stops, and never starts it when stopped while explaining', async () => {
    const { state, deps, run } = fakePlugin();
    const fixes: Fix[] = [];
    const stop = backgroundLocation(deps).watch(options(), (fix) => fixes.push(fix));
    await settle();
    stop();
    stop();
    expect(state.stops).toBe(1);
    run(60);
    expect(fixes).toHaveLength(0);

    const early = fakePlugin();
    let answer: (yes: boolean) => void = () => {};
    const stopEarly = backgroundLocation(early.deps).watch(
      options({ explain: () => new Promise((resolve) => (answer = resolve)) }),
      () => {},
    );
    stopEarly();
    answer(true);
    await settle();
    expect(early.state.options).toHaveLength(0);
  });

  it('a new watch (economy turned on) starts the plugin only once the previous stop is through', async () => {
    const { state, deps } = fakePlugin();
    const location = backgroundLocation(deps);
    const stop = location.watch(options(), () => {});
    await settle();
    let stopped: () => void = () => {};
    state.stopping = new Promise<void>((resolve) => (stopped = resolve));
    stop();
    location.watch(options({ economy: true }), () => {});
    await settle();
    expect(state.order).toEqual(['start', 'stop']);
    stopped();
    await settle();
    expect(state.order).toEqual(['start', 'stop', 'start']);
  });
});
