import { Capacitor } from '@capacitor/core';
import type { BackgroundGeolocationPlugin } from '@capgo/background-geolocation';
import type { LatLng } from '@cordata/contract';
import { SAFETY_ECONOMY_EVERY_SECONDS, SAFETY_SHARE_EVERY_SECONDS } from '@cordata/contract/constants';
import { createContext, useContext } from 'react';

/**
 * Why no position came back: DENIED when the user or the system turned location off (spec §8:
 * the app says to activate it manually), UNAVAILABLE when the device could not find itself.
 */
export type PositionFailure = 'DENIED' | 'UNAVAILABLE';

export type PositionResult = { ok: true; position: LatLng } | { ok: false; reason: PositionFailure };

/** One position of the safety loop's watch, as the socket sends it. */
export interface Fix {
  latitude: number;
  longitude: number;
  accuracy?: number;
}

/** What the safety loop asks of a watch (docs/safety.md, docs/mobile.md). */
export interface WatchOptions {
  /** One fix every 5 minutes instead of every 30 seconds. */
  economy: boolean;
  /** The text of Android's notice while the phone shares with the screen locked, in the app's language. */
  notice: { title: string; message: string };
  /** The explanation shown before the system asks for location "Always"; true when the person goes on. */
  explain: () => Promise<boolean>;
}

/** The device's position: Capacitor on the phone, navigator.geolocation in a browser, a fake in tests. */
export interface DeviceLocation {
  current(): Promise<PositionResult>;
  /** Fixes at the loop's interval until the returned stop is called (the safety window only). */
  watch(options: WatchOptions, onFix: (fix: Fix) => void): () => void;
}

const intervalMs = (economy: boolean) => (economy ? SAFETY_ECONOMY_EVERY_SECONDS : SAFETY_SHARE_EVERY_SECONDS) * 1000;
const toFix = (c: { latitude: number; longitude: number; accuracy?: number | null }): Fix => ({
  latitude: c.latitude,
  longitude: c.longitude,
  accuracy: typeof c.accuracy === 'number' && Number.isFinite(c.accuracy) ? c.accuracy : undefined,
});

const TIMEOUT_MS = 15_000;
/** A position up to two minutes old is good enough to search near. */
const MAXIMUM_AGE_MS = 120_000;

const round = (x: number) => Math.round(x * 1e6) / 1e6;
const toLatLng = (c: { latitude: number; longitude: number }): LatLng => ({
  latitude: round(c.latitude),
  longitude: round(c.longitude),
});

/** navigator.geolocation, whose error code 1 is PERMISSION_DENIED. */
export function browserLocation(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): DeviceLocation {
  return {
    current: () =>
      new Promise((resolve) => {
        if (!geolocation) {
          resolve({ ok: false, reason: 'DENIED' });
          return;
        }
        geolocation.getCurrentPosition(
          (p) => resolve({ ok: true, position: toLatLng(p.coords) }),
          (error) => resolve({ ok: false, reason: error.code === 1 ? 'DENIED' : 'UNAVAILABLE' }),
          { enableHighAccuracy: false, timeout: TIMEOUT_MS, maximumAge: MAXIMUM_AGE_MS },
        );
      }),
    // A browser tab: one fix now and one per interval while the page runs (no background, no explanation).
    watch({ economy }, onFix) {
      if (!geolocation) return () => {};
      let stopped = false;
      const once = () =>
        geolocation.getCurrentPosition(
          (p) => {
            if (!stopped) onFix(toFix(p.coords));
          },
          () => {},
          { enableHighAccuracy: !economy, maximumAge: 10_000, timeout: 20_000 },
        );
      once();
      const timer = setInterval(once, intervalMs(economy));
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    },
  };
}

/** Where the phone remembers that the person read the explanation and went on. */
export const EXPLAINED_KEY = 'cordata.backgroundLocationExplained';

export interface BackgroundDeps {
  plugin: () => Promise<Pick<BackgroundGeolocationPlugin, 'start' | 'stop'>>;
  /** The screen is locked or the app is in the background. */
  hidden: () => boolean;
  now: () => number;
  storage: () => Pick<Storage, 'getItem' | 'setItem'> | undefined;
}

const backgroundDeps: BackgroundDeps = {
  plugin: async () => (await import('@capgo/background-geolocation')).BackgroundGeolocation,
  hidden: () => globalThis.document?.visibilityState === 'hidden',
  now: () => Date.now(),
  storage: () => globalThis.localStorage,
};

/**
 * The safety loop's watch on a phone (@capgo/background-geolocation): with `backgroundMessage` the plugin keeps
 * locating with the screen locked (iOS "Always" and the location background mode; Android a foreground service with
 * a notice). The plugin has no interval: it reports every fix the GPS gives (about one a second), and this keeps one
 * per interval, the economy interval whenever the screen is locked. The explanation comes before the plugin's first
 * start, which is when the system asks; declined, the watch works in the foreground only.
 */
export function backgroundLocation(deps: BackgroundDeps = backgroundDeps): Pick<DeviceLocation, 'watch'> {
  // Android's plugin refuses a start (ALREADY_STARTED) until the previous stop is through: a new watch (economy
  // turned on, say) waits for it.
  let stopping: Promise<unknown> = Promise.resolve();
  // One explanation at a time, whatever restarts the watch meanwhile.
  let explaining: Promise<boolean> | undefined;
  return {
    watch({ economy, notice, explain }, onFix) {
      let stopped = false;
      let started: Pick<BackgroundGeolocationPlugin, 'stop'> | undefined;
      let last: number | undefined;
      void (async () => {
        let background = deps.storage()?.getItem(EXPLAINED_KEY) === 'yes';
        if (!background) {
          explaining ??= explain().finally(() => {
            explaining = undefined;
          });
          background = await explaining;
          if (background) deps.storage()?.setItem(EXPLAINED_KEY, 'yes');
        }
        if (stopped) return;
        const plugin = await deps.plugin();
        await stopping;
        if (stopped) return;
        started = plugin;
        await plugin.start(
          {
            // iOS locates with the screen locked only with a message; Android's plugin always runs its service and
            // shows the title (docs/mobile.md).
            backgroundTitle: notice.title,
            ...(background ? { backgroundMessage: notice.message } : {}),
            requestPermissions: true,
            stale: false,
            distanceFilter: 0,
          },
          (location) => {
            if (stopped || !location) return;
            const now = deps.now();
            if (last !== undefined && now - last < intervalMs(economy || deps.hidden())) return;
            last = now;
            onFix(toFix(location));
          },
        );
      })().catch(() => {});
      return () => {
        // Once: Android's plugin, asked to stop when stopped, starts its service to stop it.
        if (stopped) return;
        stopped = true;
        if (started) stopping = started.stop().catch(() => {});
      };
    },
  };
}

/** The Capacitor plugin, loaded only on a phone; asks for permission first and never throws. */
export function capacitorLocation(): Pick<DeviceLocation, 'current'> {
  return {
    async current() {
      const { Geolocation } = await import('@capacitor/geolocation');
      try {
        let permission = await Geolocation.checkPermissions();
        if (permission.location === 'prompt' || permission.location === 'prompt-with-rationale') {
          permission = await Geolocation.requestPermissions({ permissions: ['coarseLocation'] });
        }
        if (permission.location === 'denied' && permission.coarseLocation === 'denied') {
          return { ok: false, reason: 'DENIED' };
        }
        const p = await Geolocation.getCurrentPosition({ timeout: TIMEOUT_MS, maximumAge: MAXIMUM_AGE_MS });
        return { ok: true, position: toLatLng(p.coords) };
      } catch (error) {
        // The plugin rejects with "Location services are not enabled" when the system switch is off.
        const message = error instanceof Error ? error.message : String(error);
        return {
          ok: false,
          reason: /denied|disabled|not enabled|permission/i.test(message) ? 'DENIED' : 'UNAVAILABLE',
        };
      }
    },
  };
}

/** For tests and screenshots: always answers `result`; a watch only records that it runs. */
export function fakeLocation(
  result: PositionResult,
): DeviceLocation & { calls: number; watching: WatchOptions[]; onFix?: (fix: Fix) => void } {
  const fake = {
    calls: 0,
    watching: [] as WatchOptions[],
    onFix: undefined as ((fix: Fix) => void) | undefined,
    async current() {
      fake.calls += 1;
      return result;
    },
    watch(options: WatchOptions, onFix: (fix: Fix) => void) {
      fake.watching.push(options);
      fake.onFix = onFix;
      return () => {
        fake.watching = fake.watching.filter((o) => o !== options);
      };
    },
  };
  return fake;
}

/** Chooses the native plugins or the browser API on the first call. */
export function defaultDeviceLocation(): DeviceLocation {
  let chosen: DeviceLocation | undefined;
  const choose = () =>
    (chosen ??= Capacitor.isNativePlatform() ? { ...capacitorLocation(), ...backgroundLocation() } : browserLocation());
  return {
    current: () => choose().current(),
    watch: (options, onFix) => choose().watch(options, onFix),
  };
}

export const DeviceLocationContext = createContext<DeviceLocation>(defaultDeviceLocation());

export const useDeviceLocation = () => useContext(DeviceLocationContext);
