import { describe, expect, it } from 'vitest';
import { downloadName } from './file-name.ts';

describe('downloadName', () => {
  it('keeps letters, digits and dashes of the title, without accents', () => {
    expect(downloadName('Giro del Lago di Como', '-2026-06-01.gpx', 'route')).toBe(
      'giro-del-lago-di-como-2026-06-01.gpx',
    );
    expect(downloadName('Città – più sù', '.ics', 'activity')).toBe('citta-piu-su.ics');
  });

  it('leaves nothing a path or a header could misread, and falls back when nothing is left', () => {
    expect(downloadName('../../etc/passwd', '.gpx', 'route')).toBe('etcpasswd.gpx');
    expect(downloadName('a"b\r\nc;d', '.gpx', 'route')).toBe('ab-cd.gpx');
    expect(downloadName('🏔️🚵', '.gpx', 'route')).toBe('route.gpx');
    expect(downloadName('___', '.gpx', 'route')).toBe('route.gpx');
    expect(downloadName('x'.repeat(200), '.gpx', 'route')).toBe(`${'x'.repeat(60)}.gpx`);
  });
});
