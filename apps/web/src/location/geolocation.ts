import type { LatLng } from '@cordata/contract';
import { createContext, useContext } from 'react';

/**
 * Why no position came back: DENIED when the user or the system turned location off (spec §8:
 * the app says to activate it manually), UNAVAILABLE when the device could not find itself.
 */
export type PositionFailure = 'DENIED' | 'UNAVAILABLE';

export type PositionResult = { ok: true; position: LatLng } | { ok: false; reason: PositionFailure };

/** The device's position: Capacitor on the phone, navigator.geolocation in a browser, a fake in tests. */
export interface DeviceLocation {
  current(): Promise<PositionResult>;
}

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
  };
}

/** The Capacitor plugin, loaded only on a phone; asks for permission first and never throws. */
export function capacitorLocation(): DeviceLocation {
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

/** For tests and screenshots: always answers `result`. */
export function fakeLocation(result: PositionResult): DeviceLocation & { calls: number } {
  const fake = {
    calls: 0,
    async current() {
      fake.calls += 1;
      return result;
    },
  };
  return fake;
}

async function isNativePlatform(): Promise<boolean> {
  const { Capacitor } = await import('@capacitor/core');
  return Capacitor.isNativePlatform();
}

/** Chooses the native plugin or the browser API on the first call. */
export function defaultDeviceLocation(): DeviceLocation {
  let chosen: Promise<DeviceLocation> | undefined;
  return {
    async current() {
      chosen ??= isNativePlatform().then((native) => (native ? capacitorLocation() : browserLocation()));
      return (await chosen).current();
    },
  };
}

export const DeviceLocationContext = createContext<DeviceLocation>(defaultDeviceLocation());

export const useDeviceLocation = () => useContext(DeviceLocationContext);
