import { describe, expect, it } from 'vitest';
import { foldLine, writeIcs } from './ics.ts';

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

  it('unfolds back to the same line', () => {
    const line = `DESCRIPTION:${'àbc'.repeat(50)}`;
    expect(foldLine(line).replace(/\r\n /g, '')).toBe(line);
  });
});
