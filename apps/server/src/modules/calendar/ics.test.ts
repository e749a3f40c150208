import { isControlCharacter } from '@cordata/contract';
import { describe, expect, it } from 'vitest';
import { activityEvent, foldLine, icsPlace, icsText, writeIcs } from './ics.ts';

describe('writeIcs', () => {
  it('writes UTC events with escaped text and folded lines', () => {
    const ics = writeIcs({
      name: 'Club, Milano',
      now: new Date('2026-05-01T10:00:00Z'),
      events: [
        {
          uid: 'a1',
          start: new Date('2026-05-02T07:00:00Z'),
          end: new Date('2026-05-02T09:30:00Z'),
          summary: 'Run; then coffee, maybe',
          description: `Line one\nline two ${'è'.repeat(60)}`,
          geo: { latitude: 45.4642, longitude: 9.19 },
        },
      ],
    });
    expect(ics).toContain('DTSTART:20260502T070000Z\r\n');
    expect(ics).toContain('DTEND:20260502T093000Z\r\n');
    expect(ics).toContain('SUMMARY:Run\\; then coffee\\, maybe\r\n');
    expect(ics).toContain('X-WR-CALNAME:Club\\, Milano');
    expect(ics).toContain('GEO:45.464200;9.190000');
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('writes every line break as \\n and drops other control characters, so text never starts a line (L-N2)', () => {
    const forged =
      'Meet here\rEND:VEVENT\rBEGIN:VEVENT\r\nURL:https://evil.example\nSUMMARY:x\u0000\u000B\u001B\u007F!';
    expect(icsText(forged)).toBe('Meet here\\nEND:VEVENT\\nBEGIN:VEVENT\\nURL:https://evil.example\\nSUMMARY:x!');
    const ics = writeIcs({
      name: 'x',
      events: [
        { uid: 'a', start: new Date(0), end: new Date(1), summary: forged, description: forged, location: forged },
      ],
    });
    expect(ics.split('\r\n').filter((line) => line.startsWith('BEGIN:VEVENT'))).toHaveLength(1);
    expect(ics).toContain('LOCATION:Meet here\\nEND:VEVENT');
    expect([...ics.replace(/\r\n/g, '')].some(isControlCharacter)).toBe(false);
  });

  it('unfolds back to the same line', () => {
    const line = `DESCRIPTION:${'àbc'.repeat(50)}`;
    expect(foldLine(line).replace(/\r\n /g, '')).toBe(line);
  });
});

describe('the place in a calendar event', () => {
  const activity = {
    id: 'a1',
    name: 'Run',
    startsAt: new Date(0),
    endsAt: new Date(1),
    description: null,
    startAddress: 'Piazza del Duomo, Milano',
    startLatitude: 45.4642,
    startLongitude: 9.19,
    totalDistance: 5000,
    totalElevationGain: null,
    areaLatitude: 45.4662,
    areaLongitude: 9.19,
    updatedAt: new Date(0),
  };
  const event = (exact: boolean, zones: { latitude: number; longitude: number; radiusMetres: number }[] = []) =>
    activityEvent(activity, undefined, icsPlace(activity, exact, zones));

  it('gives the start and its address, or the area without the address, or the coordinates alone', () => {
    expect(event(true)).toMatchObject({
      location: 'Piazza del Duomo, Milano',
      geo: { latitude: 45.4642, longitude: 9.19 },
    });
    expect(event(false)).toMatchObject({
      location: '45.466200, 9.190000 (± 500 m)',
      geo: { latitude: 45.4662, longitude: 9.19 },
    });
    const bare = { ...activity, startAddress: null };
    expect(activityEvent(bare, undefined, icsPlace(bare, true, []))).toMatchObject({ location: '45.464200, 9.190000' });
  });

  it('gives no place where a zone holds the start, nor the area where it meets a zone with the start outside', () => {
    expect(event(true, [{ latitude: 45.4642, longitude: 9.19, radiusMetres: 300 }])).toMatchObject({
      location: null,
      geo: null,
    });
    // 600 m from the start (outside the zone's 400 m), 400 m from the area's centre: the area meets the zone.
    const beside = { latitude: 45.4696, longitude: 9.19, radiusMetres: 400 };
    expect(event(true, [beside])).toMatchObject({ location: 'Piazza del Duomo, Milano' });
    expect(event(false, [beside])).toMatchObject({ location: null, geo: null });
  });
});
