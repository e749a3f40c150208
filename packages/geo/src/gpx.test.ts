import { describe, expect, it } from 'vitest';
import { gpxOfColumns } from './columns.ts';
import { GpxError } from './errors.ts';
import { GPX_MAX_BYTES, GPX_MAX_POINTS, parseGpx, parseGpxColumns } from './gpx.ts';
import { parseNumber } from './numbers.ts';
import { fixture } from './test-helpers.ts';

function errorCodeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GpxError);
    return (error as GpxError).code;
  }
  throw new Error('expected a GpxError');
}

describe('parseGpx: structure', () => {
  it('reads several segments of one track with elevation and time', () => {
    const gpx = parseGpx(fixture('multi-segment.gpx'));
    expect(gpx.version).toBe('1.1');
    expect(gpx.name).toBe('Two segments');
    expect(gpx.tracks).toHaveLength(1);
    expect(gpx.tracks[0]?.name).toBe('Paused walk');
    expect(gpx.tracks[0]?.segments.map((segment) => segment.length)).toEqual([3, 2]);
    expect(gpx.tracks[0]?.segments[0]?.[1]).toEqual({
      latitude: 45.001,
      longitude: 9,
      elevation: 105,
      time: '2024-05-01T08:02:00Z',
    });
    expect(gpx.skippedPoints).toBe(0);
  });

  it('reads several tracks', () => {
    const gpx = parseGpx(fixture('multi-track.gpx'));
    expect(gpx.tracks.map((track) => track.name)).toEqual(['Morning', 'Afternoon']);
    expect(gpx.tracks[1]?.segments[0]).toHaveLength(3);
  });

  it('reads a file that has only a route', () => {
    const gpx = parseGpx(fixture('route-only.gpx'));
    expect(gpx.tracks).toEqual([]);
    expect(gpx.routes).toHaveLength(1);
    expect(gpx.routes[0]?.name).toBe('Planned ridge');
    expect(gpx.routes[0]?.points.map((point) => point.elevation)).toEqual([1000, 1050, 1040, 1100]);
  });

  it('reads waypoints with name, type and sym', () => {
    const gpx = parseGpx(fixture('waypoints-only.gpx'));
    expect(gpx.waypoints).toEqual([
      {
        latitude: 45.4642,
        longitude: 9.19,
        elevation: 122,
        time: '2024-05-01T08:00:00Z',
        name: 'Duomo',
        type: 'START',
        sym: 'Flag, Green',
      },
      {
        latitude: 45.4781,
        longitude: 9.2262,
        elevation: null,
        time: null,
        name: 'Rest stop',
        type: null,
        sym: 'Drinking Water',
      },
    ]);
  });

  it('gives null elevation and time when the points have none', () => {
    const gpx = parseGpx(fixture('no-elevation.gpx'));
    const points = gpx.tracks[0]?.segments[0] ?? [];
    expect(points).toHaveLength(3);
    for (const point of points) expect(point).toMatchObject({ elevation: null, time: null });
  });

  it('keeps a zero elevation as 0 and an unreadable one as null', () => {
    const points = parseGpx(fixture('zero-elevations.gpx')).tracks[0]?.segments[0] ?? [];
    expect(points.map((point) => point.elevation)).toEqual([100, 0, 110, null, 105, null, 120.5]);
  });

  it('reads GPX 1.0: name on the root, waypoints, routes and tracks, unknown tags ignored', () => {
    const gpx = parseGpx(fixture('gpx10.gpx'));
    expect(gpx.version).toBe('1.0');
    expect(gpx.name).toBe('Old receiver');
    expect(gpx.waypoints[0]).toMatchObject({ name: 'Car park', sym: 'Parking Area', elevation: 300 });
    expect(gpx.routes[0]?.points).toHaveLength(2);
    expect(gpx.tracks[0]?.segments[0]?.map((point) => point.elevation)).toEqual([300, 310, 325]);
  });

  it('reads track points written straight into <trk> as one segment', () => {
    const gpx = parseGpx(fixture('implicit-segment.gpx'));
    expect(gpx.tracks[0]?.segments).toHaveLength(1);
    expect(gpx.tracks[0]?.segments[0]).toHaveLength(2);
  });

  it('reads prefixed tags and attributes, and ignores everything inside <extensions>', () => {
    const gpx = parseGpx(fixture('prefixed.gpx'));
    expect(gpx.name).toBe('Prefixed');
    expect(gpx.tracks[0]?.name).toBe('Ride');
    expect(gpx.tracks[0]?.segments[0]?.map((point) => [point.latitude, point.elevation])).toEqual([
      [45, 100],
      [45.001, 110],
    ]);
  });

  it('reads CDATA as raw text', () => {
    const gpx = parseGpx(fixture('cdata.gpx'));
    expect(gpx.name).toBe('Fish & Chips <run>');
    expect(gpx.waypoints[0]?.name).toBe('Café &amp; not decoded');
    expect(gpx.tracks[0]?.name).toBeNull();
    expect(gpx.tracks[0]?.segments[0]?.[0]?.elevation).toBe(250.5);
  });

  it('decodes the predefined entities and character references, and nothing else', () => {
    const gpx = parseGpx(fixture('entities.gpx'));
    expect(gpx.name).toBe('Rock & Roll <3 "quoted" \'single\' © 🏔 &unknown; &#xD800; &amp');
    expect(gpx.waypoints[0]?.name).toBe('Rifugio & Bivacco');
  });
});

describe('parseGpx: hostile files', () => {
  it('never expands a billion-laughs DOCTYPE', () => {
    const gpx = parseGpx(fixture('billion-laughs.gpx'));
    expect(gpx.name).toBe('&lol9;');
    expect(gpx.waypoints[0]?.name).toBe('&lol9;');
  });

  it('never resolves an external entity', () => {
    const gpx = parseGpx(fixture('xxe.gpx'));
    expect(gpx.name).toBe('&xxe;');
    expect(gpx.waypoints[0]?.name).toBe('&remote;');
  });

  it('skips points with missing, non-numeric or out-of-range coordinates and counts them', () => {
    const gpx = parseGpx(fixture('bad-coordinates.gpx'));
    expect(gpx.tracks[0]?.segments[0]?.map((point) => [point.latitude, point.longitude, point.elevation])).toEqual([
      [0, 0, 10],
      [0, 0.001, 15],
    ]);
    expect(gpx.skippedPoints).toBe(7);
  });

  it.each([
    ['malformed-unclosed.gpx', 'GPX_INVALID'],
    ['malformed-truncated.gpx', 'GPX_INVALID'],
    ['not-xml.gpx', 'GPX_INVALID'],
    ['wrong-root.gpx', 'GPX_INVALID'],
    ['two-roots.gpx', 'GPX_INVALID'],
    ['empty.gpx', 'GPX_EMPTY'],
    ['blank.gpx', 'GPX_EMPTY'],
    ['no-points.gpx', 'GPX_EMPTY'],
  ])('refuses %s with %s', (name, code) => {
    expect(errorCodeOf(() => parseGpx(fixture(name)))).toBe(code);
  });

  it.each([
    ['mismatched tags', '<gpx><wpt lat="1" lon="1"></trk></gpx>'],
    ['a stray <', '<gpx>< wpt lat="1" lon="1"/></gpx>'],
    ['an unquoted attribute', '<gpx><wpt lat=1 lon="1"/></gpx>'],
    ['an attribute never closed', '<gpx><wpt lat="1 lon="1/></gpx>'],
    ['a comment never closed', '<gpx><!-- <wpt lat="1" lon="1"/></gpx>'],
    ['a CDATA never closed', '<gpx><wpt lat="1" lon="1"><name><![CDATA[x</name></wpt></gpx>'],
    ['text after the root', '<gpx><wpt lat="1" lon="1"/></gpx>trailing'],
    ['an end tag closing nothing', '</gpx>'],
    ['HTML', '<!doctype html><html><body>Not found</body></html>'],
  ])('refuses %s as GPX_INVALID', (_, text) => {
    expect(errorCodeOf(() => parseGpx(text))).toBe('GPX_INVALID');
  });

  it('refuses what is not a string', () => {
    expect(errorCodeOf(() => parseGpx(undefined as unknown as string))).toBe('GPX_INVALID');
  });

  it('accepts a byte-order mark, comments and processing instructions around the root', () => {
    const gpx = parseGpx('\uFEFF<?xml version="1.0"?><!-- hi --><gpx><wpt lat="1" lon="2"/></gpx><!-- bye -->\n');
    expect(gpx.waypoints[0]).toMatchObject({ latitude: 1, longitude: 2 });
  });
});

// Generous budgets: a quadratic scan of these inputs would take minutes, and the machine may be busy.
describe('parseGpx: limits', { timeout: 30_000 }, () => {
  it('refuses more than 5 MB before reading it (review M5)', () => {
    expect(GPX_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(errorCodeOf(() => parseGpx(' '.repeat(GPX_MAX_BYTES + 1)))).toBe('GPX_TOO_LARGE');
  });

  it('counts the size in UTF-8 bytes, not in characters', () => {
    const text = `<gpx><wpt lat="1" lon="1"><name>${'é'.repeat(600)}</name></wpt></gpx>`;
    expect(errorCodeOf(() => parseGpx(text, { maxBytes: 1000 }))).toBe('GPX_TOO_LARGE');
    expect(parseGpx(text, { maxBytes: 1300 }).waypoints).toHaveLength(1);
  });

  it(`refuses more than ${GPX_MAX_POINTS} points`, () => {
    const huge = `<gpx>${'<wpt lat="1" lon="1"/>'.repeat(GPX_MAX_POINTS + 1)}</gpx>`;
    expect(errorCodeOf(() => parseGpx(huge))).toBe('GPX_TOO_MANY_POINTS');
    expect(parseGpx(huge, { maxPoints: GPX_MAX_POINTS + 1 }).waypoints).toHaveLength(GPX_MAX_POINTS + 1);
  });

  it.each([
    ['30 nested elements', `<gpx>${'<a>'.repeat(30)}${'</a>'.repeat(30)}<wpt lat="1" lon="1"/></gpx>`],
    ['a million ampersands', `<gpx><wpt lat="1" lon="1"><name>${'&'.repeat(1_000_000)};</name></wpt></gpx>`],
    ['a million references', `<gpx><wpt lat="1" lon="1"><name>${'&#65;&lt;&x;'.repeat(100_000)}</name></wpt></gpx>`],
    ['a million attributes', `<gpx><wpt lat="1" lon="1" ${'a="1" '.repeat(1_000_000)}/></gpx>`],
    ['a huge DOCTYPE', `<!DOCTYPE gpx [${'<!ENTITY a "]">'.repeat(100_000)}]><gpx><wpt lat="1" lon="1"/></gpx>`],
  ])('stays linear on %s', (_, text) => {
    const started = performance.now();
    expect(parseGpx(text, { maxBytes: 20 * 1024 * 1024 }).waypoints).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it.each([
    ['a million <', '<'.repeat(1_000_000)],
    ['an endless start tag', `<gpx ${'a'.repeat(1_000_000)}`],
    ['an endless attribute', `<gpx><wpt lat="${'1'.repeat(1_000_000)}`],
    ['a million unclosed elements', `<gpx>${'<a>'.repeat(1_000_000)}`],
    // Deeper than any route file nests (review M5): refused at depth 32, not after reading it all.
    ['100 000 nested elements', `<gpx>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}<wpt lat="1" lon="1"/></gpx>`],
  ])('refuses %s quickly', (_, text) => {
    const started = performance.now();
    expect(errorCodeOf(() => parseGpx(text))).toBe('GPX_INVALID');
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('parseNumber', () => {
  it('reads exactly what Number() reads', () => {
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let round = 0; round < 20_000; round++) {
      const text = ((random() - 0.5) * 10 ** Math.floor(random() * 8)).toFixed(Math.floor(random() * 12));
      expect(parseNumber(text)).toBe(Number(text));
    }
    for (const text of [
      '45',
      '-0.5',
      '.5',
      '45.',
      ' 12.5 ',
      '1e3',
      '-1.5E-2',
      '123456789012345678',
      '0.1234567890123456',
    ]) {
      expect(parseNumber(text)).toBe(Number(text));
    }
  });

  it('reads blanks and non-numbers as null', () => {
    for (const text of ['', '  ', '-', '.', 'NaN', 'Infinity', '1e999', '12abc', '1.2.3', '--1', undefined]) {
      expect(parseNumber(text)).toBeNull();
    }
  });
});

describe('parseGpx: fuzzed fixtures', () => {
  it('either parses a mangled file or throws a GpxError, never anything else', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 16807) % 2147483647;
      return seed % below;
    };
    const pieces = [
      '<',
      '>',
      '/',
      '&',
      ';',
      '"',
      "'",
      '=',
      '<!--',
      ']]>',
      '<![CDATA[',
      '<!DOCTYPE x [',
      ' ',
      'é',
      '\uD800',
    ];
    const sources = [
      'multi-segment.gpx',
      'gpx10.gpx',
      'prefixed.gpx',
      'cdata.gpx',
      'entities.gpx',
      'billion-laughs.gpx',
    ];
    for (const name of sources) {
      const original = fixture(name);
      for (let round = 0; round < 300; round++) {
        let mangled = original;
        for (let edit = 0; edit < 1 + random(4); edit++) {
          const at = random(mangled.length);
          const cut = random(3) === 0 ? random(20) : 0;
          mangled = mangled.slice(0, at) + (pieces[random(pieces.length)] ?? '') + mangled.slice(at + cut);
        }
        try {
          parseGpx(mangled);
        } catch (error) {
          expect(error).toBeInstanceOf(GpxError);
        }
      }
    }
  });
});

describe('parseGpx: hostile nesting (security review M5)', () => {
  it('refuses elements nested deeper than 32 before reading on', () => {
    const nested = `<?xml version="1.0"?><gpx version="1.1">${'<a>'.repeat(200_000)}`;
    expect(() => parseGpx(nested)).toThrow(GpxError);
    expect(() => parseGpx(nested)).toThrow(/nested deeper than 32/);
  });

  it('still reads the usual depth of extensions', () => {
    const deep = `<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="45" lon="9"><extensions>${'<x>'.repeat(10)}${'</x>'.repeat(10)}</extensions></trkpt><trkpt lat="45.01" lon="9.01"/></trkseg></trk></gpx>`;
    expect(parseGpx(deep).tracks).toHaveLength(1);
  });
});

describe('parseGpx: what the scanner must read as it always has', () => {
  const trackOf = (text: string) => parseGpx(text).tracks[0]?.segments[0] ?? [];

  it('reads lat and lon in either order, in single or double quotes', () => {
    expect(
      trackOf(`<gpx><trk><trkseg><trkpt lon='9.5' lat="45.25"/><trkpt lat='-1' lon='2'/></trkseg></trk></gpx>`),
    ).toEqual([
      { latitude: 45.25, longitude: 9.5, elevation: null, time: null },
      { latitude: -1, longitude: 2, elevation: null, time: null },
    ]);
  });

  it('reads whitespace and newlines inside tags and around values', () => {
    const text =
      '<gpx>\n<trk\n><trkseg\t>\n  <trkpt\n    lat = "45.5"\r\n    lon\t=\t"9"\n  >\n    <ele>\n 120.5 \n</ele >\n' +
      '    <time>\n  2024-05-01T08:00:00Z\n </time\n>\n  </trkpt >\n</trkseg></trk></gpx>';
    expect(trackOf(text)).toEqual([{ latitude: 45.5, longitude: 9, elevation: 120.5, time: '2024-05-01T08:00:00Z' }]);
  });

  it('reads namespaced tags like <gpx:trkpt>', () => {
    const text =
      '<gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/1"><gpx:trk><gpx:trkseg>' +
      '<gpx:trkpt gpx:lat="1" gpx:lon="2"><gpx:ele>3</gpx:ele><gpx:time>t</gpx:time></gpx:trkpt>' +
      '</gpx:trkseg></gpx:trk></gpx:gpx>';
    expect(trackOf(text)).toEqual([{ latitude: 1, longitude: 2, elevation: 3, time: 't' }]);
  });

  it('keeps route points in their route and waypoints as waypoints, never in a track', () => {
    const gpx = parseGpx(
      '<gpx><wpt lat="1" lon="1"><ele>5</ele><time>w</time></wpt>' +
        '<rte><name>R</name><rtept lat="2" lon="2"><ele>6</ele><time>r</time></rtept><rtept lat="3" lon="3"/></rte></gpx>',
    );
    expect(gpx.tracks).toEqual([]);
    expect(gpx.routes).toEqual([
      {
        name: 'R',
        points: [
          { latitude: 2, longitude: 2, elevation: 6, time: 'r' },
          { latitude: 3, longitude: 3, elevation: null, time: null },
        ],
      },
    ]);
    expect(gpx.waypoints).toMatchObject([{ latitude: 1, longitude: 1, elevation: 5, time: 'w' }]);
  });

  it('reads no point out of comments and CDATA that contain "<trkpt"', () => {
    const text =
      '<gpx><trk><trkseg><!-- <trkpt lat="9" lon="9"></trkpt> -->' +
      '<trkpt lat="1" lon="1"><ele><![CDATA[12]]></ele><time>2024<!-- <trkpt lat="8" lon="8"/> -->-05</time></trkpt>' +
      '<![CDATA[<trkpt lat="7" lon="7"></trkpt>]]></trkseg></trk></gpx>';
    expect(trackOf(text)).toEqual([{ latitude: 1, longitude: 1, elevation: 12, time: '2024-05' }]);
  });

  it('decodes entities in a time, and reads a point with no <ele> or an empty one as without elevation', () => {
    const text =
      '<gpx><trk><trkseg><trkpt lat="1" lon="1"><time>&#50;024-05-01T08:00:00Z</time></trkpt>' +
      '<trkpt lat="2" lon="2"><ele></ele><time>  </time></trkpt><trkpt lat="3" lon="3"><ele>1e2</ele></trkpt>' +
      '</trkseg></trk></gpx>';
    expect(trackOf(text)).toEqual([
      { latitude: 1, longitude: 1, elevation: null, time: '2024-05-01T08:00:00Z' },
      { latitude: 2, longitude: 2, elevation: null, time: null },
      { latitude: 3, longitude: 3, elevation: 100, time: null },
    ]);
  });

  it('reads an unreadable elevation as none, and skips points whose coordinates are not numbers', () => {
    const gpx = parseGpx(
      '<gpx><trk><trkseg><trkpt lat="1" lon="1"><ele>high</ele></trkpt><trkpt lat="4x" lon="1"/>' +
        '<trkpt lat="" lon="1"/><trkpt lat="1" lon="NaN"/><trkpt lat="1" lon="Infinity"/></trkseg></trk></gpx>',
    );
    expect(gpx.tracks[0]?.segments[0]).toEqual([{ latitude: 1, longitude: 1, elevation: null, time: null }]);
    expect(gpx.skippedPoints).toBe(4);
  });

  it('refuses a file whose every point has unreadable coordinates with GPX_EMPTY', () => {
    expect(
      errorCodeOf(() =>
        parseGpx('<gpx><trk><trkseg><trkpt lat="north" lon="1"/><trkpt lat="1"/></trkseg></trk></gpx>'),
      ),
    ).toBe('GPX_EMPTY');
  });

  it('reads as columns exactly what it reads as points', () => {
    for (const name of ['multi-segment.gpx', 'gpx10.gpx', 'route-only.gpx', 'zero-elevations.gpx', 'cdata.gpx']) {
      expect(gpxOfColumns(parseGpxColumns(fixture(name)))).toEqual(parseGpx(fixture(name)));
    }
  });
});
