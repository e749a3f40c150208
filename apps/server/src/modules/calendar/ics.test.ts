import { isControlCharacter } from '@cordata/contract';
import { describe, expect, it } from 'vitest';
import { foldLine, icsText, writeIcs } from './ics.ts';

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
