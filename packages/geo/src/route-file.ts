import { columnsOfGpx, gpxOfColumns, mapGpxLines, type PointColumns, pickColumns } from './columns.ts';
import { haversineMetres } from './distance.ts';
import { GpxError } from './errors.ts';
import { isFitSignature, parseFit } from './fit.ts';
import { type ParseGpxOptions, parseGpxColumns } from './gpx.ts';
import { parseKml } from './kml.ts';
import { parseTcx } from './tcx.ts';
import type { Gpx, GpxPoint, LatLng, ProfilePoint } from './types.ts';

export type RouteFileFormat = 'gpx' | 'kml' | 'tcx' | 'fit';

/** The format of a route file, by its content first (names lie), then by its extension. */
export function routeFileFormat(fileName: string, data: Uint8Array): RouteFileFormat | null {
  if (isFitSignature(data)) return 'fit';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(data.subarray(0, 4096));
  if (/<gpx[\s>]/.test(head)) return 'gpx';
  if (/<kml[\s>]/.test(head)) return 'kml';
  if (/<TrainingCenterDatabase[\s>]/.test(head)) return 'tcx';
  const extension = fileName.toLowerCase().split('.').pop();
  return extension === 'gpx' || extension === 'kml' || extension === 'tcx' || extension === 'fit' ? extension : null;
}

/**
 * A route from a GPX, KML, TCX or FIT file, as the same Gpx shape whatever the format. Throws only
 * GpxError: GPX_INVALID also for a format it does not read (KMZ, a photo…).
 */
export function parseRouteFile(
  fileName: string,
  data: Uint8Array,
  options: ParseGpxOptions = {},
): { format: RouteFileFormat; gpx: Gpx } {
  const { format, gpx } = parseRouteFileColumns(fileName, data, options);
  return { format, gpx: gpxOfColumns(gpx) };
}

/** parseRouteFile with each line's points as columns: a large GPX is read without an object a point. */
export function parseRouteFileColumns(
  fileName: string,
  data: Uint8Array,
  options: ParseGpxOptions = {},
): { format: RouteFileFormat; gpx: Gpx<PointColumns> } {
  const format = routeFileFormat(fileName, data);
  if (!format) throw new GpxError('GPX_INVALID', 'Not a GPX, KML, TCX or FIT file');
  if (format === 'fit') return { format, gpx: columnsOfGpx(parseFit(data, options)) };
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data);
  if (format === 'gpx') return { format, gpx: parseGpxColumns(text, options) };
  const parse = format === 'kml' ? parseKml : parseTcx;
  return { format, gpx: columnsOfGpx(parse(text, options)) };
}

/** Whether XML 1.0 can hold a character: tab, newline and return are the only control characters it allows. */
const xmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  code >= 0x10000;

/** The text without the characters XML cannot hold (lone surrogates included: for…of yields them alone). */
function xmlChars(text: string): string {
  if (!/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/.test(text)) return text;
  let kept = '';
  for (const char of text) if (xmlChar(char.codePointAt(0)!)) kept += char;
  return kept;
}

/**
 * Text as XML character data: the five special characters escaped, and the characters XML 1.0 cannot hold
 * at all (control characters, lone surrogates, U+FFFE and U+FFFF) dropped, since no escape makes them valid.
 */
const escapeXml = (text: string) =>
  xmlChars(text).replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

function pointXml(tag: string, p: GpxPoint & { name?: string | null }) {
  const inner =
    (p.elevation !== null ? `<ele>${p.elevation}</ele>` : '') +
    (p.time ? `<time>${escapeXml(p.time)}</time>` : '') +
    (p.name ? `<name>${escapeXml(p.name)}</name>` : '');
  return `<${tag} lat="${p.latitude}" lon="${p.longitude}">${inner}</${tag}>`;
}

/** GPX 1.1 text of a route: what the server stores, whatever format the route came in. */
export function writeGpx(gpx: Gpx, creator = 'Cordata'): string {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<gpx version="1.1" creator="${escapeXml(creator)}" xmlns="http://www.topografix.com/GPX/1/1">`,
  ];
  if (gpx.name) parts.push(`<metadata><name>${escapeXml(gpx.name)}</name></metadata>`);
  for (const w of gpx.waypoints) parts.push(pointXml('wpt', w));
  for (const r of gpx.routes) {
    parts.push('<rte>', r.name ? `<name>${escapeXml(r.name)}</name>` : '');
    for (const p of r.points) parts.push(pointXml('rtept', p));
    parts.push('</rte>');
  }
  for (const t of gpx.tracks) {
    parts.push('<trk>', t.name ? `<name>${escapeXml(t.name)}</name>` : '');
    for (const segment of t.segments) {
      parts.push('<trkseg>');
      for (const p of segment) parts.push(pointXml('trkpt', p));
      parts.push('</trkseg>');
    }
    parts.push('</trk>');
  }
  parts.push('</gpx>\n');
  return parts.join('');
}

/**
 * The same route with at most `maxPoints` track and route points: every n-th point of each line, its two
 * ends always kept, elevations and times as recorded. For recordings larger than the server accepts.
 */
export function thinGpx(gpx: Gpx, maxPoints: number): Gpx {
  return thinLines(gpx, maxPoints, (line, keep) => line.filter((_, index) => keep(index)));
}

/** thinGpx of a GPX read as columns. */
export function thinGpxColumns(gpx: Gpx<PointColumns>, maxPoints: number): Gpx<PointColumns> {
  return thinLines(gpx, maxPoints, pickColumns);
}

function thinLines<Line extends { length: number }>(
  gpx: Gpx<Line>,
  maxPoints: number,
  pick: (line: Line, keep: (index: number) => boolean) => Line,
): Gpx<Line> {
  const lines = [...gpx.routes.map((r) => r.points), ...gpx.tracks.flatMap((t) => t.segments)];
  const total = lines.reduce((sum, line) => sum + line.length, 0);
  if (total <= maxPoints) return gpx;
  // Each line keeps its two ends; the stride spreads what is left of the budget over the rest.
  const stride = Math.ceil(total / Math.max(1, maxPoints - 2 * lines.length));
  return mapGpxLines(gpx, (line) =>
    pick(line, (index) => index === 0 || index === line.length - 1 || index % stride === 0),
  );
}

/**
 * A route as one GPX 1.1 track named `name`, for people to take to a GPS device or another app: the file's
 * tracks and routes become the track's segments, its waypoints stay waypoints. Elevations are kept where
 * known; times are dropped (the route is shared, not the recording of when someone walked it).
 */
export function asTrack(gpx: Gpx, name: string): Gpx {
  const untimed = (p: GpxPoint): GpxPoint => ({
    latitude: p.latitude,
    longitude: p.longitude,
    elevation: p.elevation,
    time: null,
  });
  const segments = [...gpx.tracks.flatMap((t) => t.segments), ...gpx.routes.map((r) => r.points)]
    .filter((line) => line.length > 0)
    .map((line) => line.map(untimed));
  return {
    version: '1.1',
    name,
    tracks: [{ name, segments }],
    routes: [],
    waypoints: gpx.waypoints.map((w) => ({ ...w, time: null })),
    skippedPoints: 0,
  };
}

/**
 * A drawn line as track points, each with the elevation the profile gives at its distance along the line
 * (linear between the profile's samples), or none where the profile is empty: unknown is not 0 m.
 */
export function elevatedLine(line: LatLng[], profile: ProfilePoint[]): GpxPoint[] {
  const known = profile.filter(([d, e]) => Number.isFinite(d) && Number.isFinite(e));
  let along = 0;
  let sample = 0;
  return line.map((p, i) => {
    if (i > 0) along += haversineMetres(line[i - 1]!, p);
    let elevation: number | null = null;
    if (known.length > 0) {
      while (sample < known.length - 1 && known[sample + 1]![0] <= along) sample++;
      const [d0, e0] = known[sample]!;
      const next = known[sample + 1];
      if (!next || along <= d0) elevation = e0;
      else {
        const [d1, e1] = next;
        elevation = d1 === d0 ? e1 : e0 + ((e1 - e0) * (along - d0)) / (d1 - d0);
      }
      elevation = Math.round(elevation * 10) / 10;
    }
    return { latitude: p.latitude, longitude: p.longitude, elevation, time: null };
  });
}
