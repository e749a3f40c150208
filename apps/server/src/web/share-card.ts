import sharp from 'sharp';

export const ROUTE_IMAGE_WIDTH = 1200;
export const ROUTE_IMAGE_HEIGHT = 630;

type Rgb = readonly [number, number, number];
interface Point {
  x: number;
  y: number;
}

// The design tokens (apps/web/src/theme/tokens.css): light blue ground, blue line, green start, red end.
const BACKGROUND: Rgb = [0xe3, 0xf1, 0xfb];
const LINE: Rgb = [0x1b, 0x65, 0xa8];
const START: Rgb = [0x2e, 0x7d, 0x32];
const END: Rgb = [0xc8, 0x10, 0x2e];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const PADDING = 80;
const LINE_HALF_WIDTH = 6;
const DOT_RADIUS = 14;
const DOT_RING = 5;

/**
 * A 1200×630 PNG of a route line: the line fitted inside the padding, a dot at its start and its end. The line may
 * come in pieces (a route cut by privacy zones, docs/privacy.md): nothing is drawn between them.
 */
export function routeImage(pieces: readonly (readonly { latitude: number; longitude: number }[])[]): Promise<Buffer> {
  const width = ROUTE_IMAGE_WIDTH;
  const height = ROUTE_IMAGE_HEIGHT;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < rgb.length; i += 3) {
    rgb[i] = BACKGROUND[0];
    rgb[i + 1] = BACKGROUND[1];
    rgb[i + 2] = BACKGROUND[2];
  }
  const fitted = fit(pieces.flat().map(mercator), width, height, PADDING);
  const lines: Point[][] = [];
  let taken = 0;
  for (const piece of pieces) {
    lines.push(fitted.slice(taken, taken + piece.length));
    taken += piece.length;
  }
  const first = fitted[0];
  const last = fitted[fitted.length - 1];
  if (first && last) {
    for (const line of lines) if (line.length) blend(rgb, lineCoverage(line, width, height, LINE_HALF_WIDTH), LINE);
    for (const [dot, colour] of [
      [first, START],
      [last, END],
    ] as const) {
      blend(rgb, lineCoverage([dot], width, height, DOT_RADIUS + DOT_RING), WHITE);
      blend(rgb, lineCoverage([dot], width, height, DOT_RADIUS), colour);
    }
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Web Mercator in unit square coordinates (y grows southwards, as on a screen). */
function mercator(p: { latitude: number; longitude: number }): Point {
  const lat = (Math.max(-85, Math.min(85, p.latitude)) * Math.PI) / 180;
  return { x: (p.longitude + 180) / 360, y: (1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2 };
}

/** Scales the points to fill the canvas inside the padding, keeping their shape, centred. */
function fit(points: Point[], width: number, height: number, padding: number): Point[] {
  if (points.length === 0) return [];
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale = Math.min(
    spanX > 0 ? (width - 2 * padding) / spanX : Number.POSITIVE_INFINITY,
    spanY > 0 ? (height - 2 * padding) / spanY : Number.POSITIVE_INFINITY,
  );
  const k = Number.isFinite(scale) ? scale : 0; // a single place: everything at the centre
  return points.map((p) => ({
    x: width / 2 + (p.x - (minX + maxX) / 2) * k,
    y: height / 2 + (p.y - (minY + maxY) / 2) * k,
  }));
}

/**
 * How much of each pixel the line covers (0..1), anti-aliased, with round joins and caps; one point is a disc.
 */
function lineCoverage(points: Point[], width: number, height: number, halfWidth: number): Float32Array {
  const cover = new Float32Array(width * height);
  const reach = halfWidth + 1;
  for (let i = 0; i < points.length; i++) {
    const a = points[i] as Point;
    const b = points[i + 1] ?? a;
    const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - reach));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + reach));
    const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - reach));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + reach));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const c = halfWidth + 0.5 - distanceToSegment(x + 0.5, y + 0.5, a, b);
        const at = y * width + x;
        if (c > (cover[at] ?? 0)) cover[at] = Math.min(1, c);
      }
    }
  }
  return cover;
}

/** Distance from (px, py) to the segment ab; plain numbers and Math.sqrt, as this runs for every pixel near the line. */
function distanceToSegment(px: number, py: number, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / length2));
  const ex = px - (a.x + t * dx);
  const ey = py - (a.y + t * dy);
  return Math.sqrt(ex * ex + ey * ey);
}

function blend(rgb: Uint8Array, cover: Float32Array, colour: Rgb) {
  for (let i = 0; i < cover.length; i++) {
    const c = cover[i] ?? 0;
    if (c <= 0) continue;
    for (let k = 0; k < 3; k++) {
      const at = i * 3 + k;
      rgb[at] = Math.round((rgb[at] ?? 0) * (1 - c) + (colour[k] ?? 0) * c);
    }
  }
}
