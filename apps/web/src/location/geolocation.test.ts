import { describe, expect, it } from 'vitest';
import { browserLocation, fakeLocation } from './geolocation.ts';

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
