import { describe, expect, it } from 'vitest';
import { directionsUrl, meetsSoon } from './Directions.tsx';

describe('the way to the meeting point', () => {
  const point = { latitude: 45.8123, longitude: 9.0851 };

  it("hands the point to the device's maps app, or to OpenStreetMap's planner in a browser", () => {
    expect(directionsUrl(point, 'ios')).toBe('maps://?daddr=45.8123,9.0851');
    expect(directionsUrl(point, 'android')).toBe('geo:45.8123,9.0851?q=45.8123,9.0851');
    expect(directionsUrl(point, 'web')).toBe('https://www.openstreetmap.org/directions?route=%3B45.8123%2C9.0851');
  });

  it('leads the page from two hours before the start to the end', () => {
    const times = { startsAt: '2026-12-01T09:00:00.000Z', endsAt: '2026-12-01T11:00:00.000Z' };
    expect(meetsSoon(times, new Date('2026-12-01T06:59:59Z'))).toBe(false);
    expect(meetsSoon(times, new Date('2026-12-01T07:00:00Z'))).toBe(true);
    expect(meetsSoon(times, new Date('2026-12-01T10:59:59Z'))).toBe(true);
    expect(meetsSoon(times, new Date('2026-12-01T11:00:00Z'))).toBe(false);
  });
});
