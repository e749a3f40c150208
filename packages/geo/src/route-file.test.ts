import { describe, expect, it } from 'vitest';
import { GpxError } from './errors.ts';
import { GPX_MAX_BYTES, GPX_MAX_POINTS, parseGpx } from './gpx.ts';
import { asTrack, elevatedLine, parseRouteFile, routeFileFormat, thinGpx, writeGpx } from './route-file.ts';
import { writeFit } from './test-helpers.ts';

const encode = (text: string) => new TextEncoder().encode(text);

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
  <Document>
    <name>Sentiero del Viandante</name>
    <Placemark><name>Start</name><Point><coordinates>9.2952,45.8547,210</coordinates></Point></Placemark>
    <Placemark>
      <name>Abbadia – Varenna</name>
      <LineString><tessellate>1</tessellate>
        <coordinates>
          9.2952,45.8547,210 9.2990,45.8612,260
          9.3051,45.8700,310 9.3102,45.8790,abc 9.3150,45.8871,280
        </coordinates>
      </LineString>
    </Placemark>
    <Placemark><gx:Track>
      <when>2026-05-01T08:00:00Z</when><when>2026-05-01T08:05:00Z</when>
      <gx:coord>9.3150 45.8871 280</gx:coord><gx:coord>9.3200 45.8950 300</gx:coord>
    </gx:Track></Placemark>
  </Document>
</kml>`;

const TCX = `<?xml version="1.0" encoding="UTF-8"?>
<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
  <Courses><Course><Name>Giro del lago</Name>
    <Track>
      <Trackpoint><Time>2026-05-01T08:00:00Z</Time><Position><LatitudeDegrees>45.46</LatitudeDegrees><LongitudeDegrees>9.19</LongitudeDegrees></Position><AltitudeMeters>120.5</AltitudeMeters></Trackpoint>
      <Trackpoint><Time>2026-05-01T08:01:00Z</Time><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>
      <Trackpoint><Time>2026-05-01T08:02:00Z</Time><Position><LatitudeDegrees>45.47</LatitudeDegrees><LongitudeDegrees>9.20</LongitudeDegrees></Position><AltitudeMeters>130</AltitudeMeters></Trackpoint>
    </Track>
    <CoursePoint><Name>Fountain</Name><Time>2026-05-01T08:01:00Z</Time><Position><LatitudeDegrees>45.465</LatitudeDegrees><LongitudeDegrees>9.195</LongitudeDegrees></Position><PointType>Water</PointType></CoursePoint>
  </Course></Courses>
</TrainingCenterDatabase>`;

describe('route files', () => {
  it('reads KML line strings, gx:Tracks and point placemarks', () => {
    const { format, gpx } = parseRouteFile('viandante.kml', encode(KML));
    expect(format).toBe('kml');
    expect(gpx.name).toBe('Sentiero del Viandante');
    expect(gpx.tracks).toHaveLength(2);
    expect(gpx.tracks[0]!.name).toBe('Abbadia – Varenna');
    expect(gpx.tracks[0]!.segments[0]).toHaveLength(5);
    expect(gpx.tracks[0]!.segments[0]![0]).toEqual({
      latitude: 45.8547,
      longitude: 9.2952,
      elevation: 210,
      time: null,
    });
    expect(gpx.tracks[1]!.segments[0]![1]).toEqual({
      latitude: 45.895,
      longitude: 9.32,
      elevation: 300,
      time: '2026-05-01T08:05:00Z',
    });
    expect(gpx.waypoints).toMatchObject([{ name: 'Start', latitude: 45.8547 }]);
    // 9.3102,45.8790,abc has a bad elevation, not bad coordinates: it is kept without one.
    expect(gpx.skippedPoints).toBe(0);
  });

  it('reads TCX courses, skipping trackpoints without a position', () => {
    const { format, gpx } = parseRouteFile('lake.tcx', encode(TCX));
    expect(format).toBe('tcx');
    expect(gpx.name).toBe('Giro del lago');
    expect(gpx.tracks[0]!.segments[0]).toEqual([
      { latitude: 45.46, longitude: 9.19, elevation: 120.5, time: '2026-05-01T08:00:00Z' },
      { latitude: 45.47, longitude: 9.2, elevation: 130, time: '2026-05-01T08:02:00Z' },
    ]);
    expect(gpx.waypoints).toMatchObject([{ name: 'Fountain', latitude: 45.465 }]);
  });

  it('reads FIT records and course points', () => {
    const fit = writeFit(
      [
        { latitude: 45.46, longitude: 9.19, elevation: 120, time: '2026-05-01T08:00:00.000Z' },
        { latitude: 45.47, longitude: 9.2, elevation: 131.4, time: '2026-05-01T08:00:10.000Z' },
      ],
      { coursePoints: [{ latitude: 45.465, longitude: 9.195, name: 'Summit' }], name: 'Morning ride' },
    );
    const { format, gpx } = parseRouteFile('ride.bin', fit);
    expect(format).toBe('fit');
    expect(gpx.name).toBe('Morning ride');
    const [a, b] = gpx.tracks[0]!.segments[0]!;
    expect(a!.latitude).toBeCloseTo(45.46, 6);
    expect(b!.longitude).toBeCloseTo(9.2, 6);
    expect(b!.elevation).toBeCloseTo(131.4, 1);
    expect(a!.time).toBe('2026-05-01T08:00:00.000Z');
    expect(gpx.waypoints).toMatchObject([{ name: 'Summit' }]);
  });

  it('writes GPX that parses back to the same route', () => {
    const { gpx } = parseRouteFile('viandante.kml', encode(KML));
    const again = parseGpx(writeGpx(gpx));
    expect(again.name).toBe(gpx.name);
    expect(again.tracks.map((t) => t.segments)).toEqual(gpx.tracks.map((t) => t.segments));
    expect(again.waypoints.map((w) => [w.latitude, w.longitude, w.name])).toEqual([[45.8547, 9.2952, 'Start']]);
  });

  it('knows a file by its content before its name', () => {
    expect(routeFileFormat('route.gpx', encode(KML))).toBe('kml');
    expect(routeFileFormat('track.kml', writeFit([{ latitude: 1, longitude: 1 }]))).toBe('fit');
    expect(routeFileFormat('photo.jpg', new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
  });
});

/** Tiny seeded generator: a failure names its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function expectOnlyGpxError(name: string, data: Uint8Array, options = {}) {
  try {
    parseRouteFile(name, data, options);
  } catch (error) {
    expect(error, `${name}: ${String(error)}`).toBeInstanceOf(GpxError);
  }
}

describe('malformed and huge route files', () => {
  const samples: [string, Uint8Array][] = [
    ['a.kml', encode(KML)],
    ['a.tcx', encode(TCX)],
    [
      'a.fit',
      writeFit(Array.from({ length: 50 }, (_, i) => ({ latitude: 45 + i / 1000, longitude: 9, elevation: i }))),
    ],
  ];

  it.each(samples)('%s: truncated, bit-flipped and spliced copies throw a GpxError or parse', (name, data) => {
    const next = random(name.length * 7919);
    for (let round = 0; round < 300; round++) {
      const copy = data.slice(0, Math.floor(next() * data.length) + 1);
      for (let flips = Math.floor(next() * 8); flips > 0; flips--) {
        copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
      }
      expectOnlyGpxError(name, copy);
    }
  });

  it('refuses empty, foreign and oversized files with stable codes', () => {
    const code = (name: string, data: Uint8Array, options = {}) => {
      try {
        parseRouteFile(name, data, options);
        return 'parsed';
      } catch (error) {
        return (error as GpxError).code;
      }
    };
    expect(code('empty.kml', new Uint8Array())).toBe('GPX_EMPTY');
    expect(code('x.kml', encode('<kml></kml>'))).toBe('GPX_EMPTY');
    expect(code('x.kml', encode('<kml><Placemark></Document></kml>'))).toBe('GPX_INVALID');
    expect(code('x.tcx', encode('<gpx></TrainingCenterDatabase>'))).toBe('GPX_INVALID');
    expect(code('photo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('GPX_INVALID');
    expect(code('x.fit', new Uint8Array([14, 0, 0, 0, 255, 255, 255, 0, 0x2e, 0x46, 0x49, 0x54, 0, 0]))).toBe(
      'GPX_INVALID',
    );
    expect(code('x.tcx', encode(TCX), { maxBytes: 100 })).toBe('GPX_TOO_LARGE');
    const many = `<kml><Placemark><LineString><coordinates>${'9,45 '.repeat(2000)}</coordinates></LineString></Placemark></kml>`;
    expect(code('x.kml', encode(many), { maxPoints: 1000 })).toBe('GPX_TOO_MANY_POINTS');
    // A FIT definition that claims more fields than the file holds.
    const lying = writeFit([{ latitude: 45, longitude: 9 }]);
    lying[14 + 5] = 250;
    expect(code('x.fit', lying)).toBe('GPX_INVALID');
  });

  it('reads KML folders nested as deep as people make them, and refuses absurd nesting at once (review M5)', () => {
    const folders = (n: number) =>
      `<kml>${'<Folder>'.repeat(n)}<Placemark><Point><coordinates>9,45</coordinates></Point></Placemark>${'</Folder>'.repeat(n)}</kml>`;
    expect(parseRouteFile('deep.kml', encode(folders(20))).gpx.waypoints).toHaveLength(1);
    expect(() => parseRouteFile('deep.kml', encode(folders(20_000)))).toThrow(/nested deeper than 32/);
  });
});

describe('thinning a recording larger than the server accepts', () => {
  const point = (i: number) => ({
    latitude: 45 + i / 1e5,
    longitude: 9,
    elevation: 100 + (i % 50),
    time: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  });
  const recording = {
    version: '1.1',
    name: 'Ride',
    routes: [],
    waypoints: [],
    skippedPoints: 0,
    tracks: [{ name: null, segments: [Array.from({ length: 150_000 }, (_, i) => point(i)), [point(0), point(1)]] }],
  };

  it('keeps both ends of every line, the elevations and the times, within the budget', () => {
    const thin = thinGpx(recording, 40_000);
    const [long, short] = thin.tracks[0]!.segments;
    expect(long!.length + short!.length).toBeLessThanOrEqual(40_000);
    expect(long!.length).toBeGreaterThan(30_000);
    expect(long![0]).toEqual(point(0));
    expect(long!.at(-1)).toEqual(point(149_999));
    expect(short).toHaveLength(2);
    expect(long![1]!.elevation).not.toBeNull();
    expect(long![1]!.time).not.toBeNull();
  });

  it('writes a file the server accepts', () => {
    const text = writeGpx(thinGpx(recording, 40_000));
    expect(new TextEncoder().encode(text).length).toBeLessThan(GPX_MAX_BYTES);
    expect(parseGpx(text).tracks[0]!.segments[0]!.length).toBeLessThan(GPX_MAX_POINTS);
  });

  it('leaves a route within the budget as it is', () => {
    const small = { ...recording, tracks: [{ name: null, segments: [[point(0), point(1), point(2)]] }] };
    expect(thinGpx(small, 40_000)).toBe(small);
  });
});

describe('asTrack and elevatedLine (GPX export)', () => {
  const point = (latitude: number, longitude: number, elevation: number | null, time: string | null = null) => ({
    latitude,
    longitude,
    elevation,
    time,
  });

  it('turns tracks and routes into the segments of one named track, keeping elevation and dropping times', () => {
    const parsed = parseGpx(
      `<gpx version="1.0"><name>Old</name><wpt lat="45.5" lon="9.5"><time>2026-05-01T08:00:00Z</time><name>Hut</name></wpt>
      <rte><rtept lat="45.1" lon="9.1"><ele>100</ele></rtept><rtept lat="45.2" lon="9.2"/></rte>
      <trk><trkseg><trkpt lat="45.3" lon="9.3"><ele>300</ele><time>2026-05-01T08:00:00Z</time></trkpt></trkseg></trk></gpx>`,
    );
    const text = writeGpx(asTrack(parsed, 'Giro <del> "lago" & più'));
    expect(text).toContain('<gpx version="1.1"');
    expect(text).not.toContain('<rte>');
    expect(text).not.toContain('<time>');
    expect(text).toContain('<name>Giro &lt;del&gt; &quot;lago&quot; &amp; più</name>');
    const again = parseGpx(text);
    expect(again.name).toBe('Giro <del> "lago" & più');
    expect(again.tracks).toHaveLength(1);
    expect(again.tracks[0]!.segments.map((s) => s.map((p) => p.elevation))).toEqual([[300], [100, null]]);
    expect(again.waypoints.map((w) => w.name)).toEqual(['Hut']);
    // A point without elevation has no <ele> at all, never 0.
    expect(text).toContain('<rtept lat="45.2" lon="9.2"></rtept>'.replaceAll('rtept', 'trkpt'));
  });

  it('drops characters XML cannot hold, so the file stays well-formed', () => {
    const text = writeGpx(asTrack({ ...parseGpx('<gpx><wpt lat="1" lon="1"/></gpx>') }, 'a\u0001b\uD800c\uFFFEd'));
    expect(text).toContain('<name>abcd</name>');
    expect(parseGpx(text).name).toBe('abcd');
  });

  it('gives drawn points the profile elevation at their distance, and none without a profile', () => {
    const line = [
      { latitude: 45, longitude: 9 },
      { latitude: 45.001, longitude: 9 },
      { latitude: 45.002, longitude: 9 },
    ];
    expect(elevatedLine(line, []).map((p) => p.elevation)).toEqual([null, null, null]);
    // About 111.2 m between points: halfway along a 0 → 222.4 m profile from 100 m to 200 m.
    const elevations = elevatedLine(line, [
      [0, 100],
      [222.39, 200],
    ]).map((p) => p.elevation);
    expect(elevations[0]).toBe(100);
    expect(elevations[1]).toBeCloseTo(150, 0);
    expect(elevations[2]).toBe(200);
    expect(elevatedLine([point(45, 9, null)], [[0, 7]])[0]!.elevation).toBe(7);
  });
});
