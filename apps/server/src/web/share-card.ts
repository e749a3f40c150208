import { FALLBACK_LANGUAGE, isControlCharacter, type Language } from '@cordata/contract';
import sharp from 'sharp';
import { shareText } from '../i18n/share.ts';

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

interface Point {
  x: number;
  y: number;
}

type LatLng = { latitude: number; longitude: number };

/** What the card of a shared activity shows: only what a visitor without an account may see (share.repository.ts). */
export interface ShareCard {
  name: string;
  /** "Sat 28 Nov 2026", the local day as the organiser entered it. */
  day: string;
  /** "09:00–12:00", in the activity's time zone. */
  time: string;
  /** "Running · 12.4 km". */
  sport: string;
  /** The route as a visitor sees it: in pieces where the organiser's privacy zones cut it (docs/privacy.md). */
  pieces: readonly (readonly LatLng[])[];
  /** The language of the card's own words ("Join on Cordata"): English if not given. */
  language?: Language;
}

// The design tokens (apps/web/src/theme/tokens.css): brand blue, light blue ground, green start, red end.
const BLUE = '#1b65a8';
const PANEL = '#e3f1fb';
const INK = '#1f2933';
const MUTED = '#52606d';
const START = '#2e7d32';
const END = '#c8102e';
// DejaVu Sans is installed in the container (Containerfile: fonts-dejavu-core); librsvg falls back to the others.
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/** The route's panel on the right; the text column on the left. */
const PANEL_BOX = { x: 640, y: 48, width: 512, height: 534 };
const PANEL_PADDING = 48;
const TEXT_X = 64;
const TEXT_WIDTH = 536;

/**
 * The SVG of a share card (og:image, 1200×630): the Cordata wordmark, the activity's name, its day and time, the
 * sport and distance, and the route line with a dot at its start and end. Every text is user input: escaped.
 */
export function shareCardSvg(card: ShareCard): string {
  const nameSize = card.name.length > 16 ? 52 : 64;
  const nameLines = wrap(card.name, Math.floor(TEXT_WIDTH / (nameSize * 0.62)), 3);
  const nameTop = 236;
  const nameBottom = nameTop + (nameLines.length - 1) * nameSize * 1.15;
  const text = (x: number, y: number, size: number, fill: string, value: string, weight = 'normal') =>
    `<text x="${x}" y="${y.toFixed(0)}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" viewBox="0 0 ${SHARE_CARD_WIDTH} ${SHARE_CARD_HEIGHT}">`,
    `<rect width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" fill="#ffffff"/>`,
    `<rect x="0" y="0" width="12" height="${SHARE_CARD_HEIGHT}" fill="${BLUE}"/>`,
    wordmark(TEXT_X, 104),
    ...nameLines.map((line, i) => text(TEXT_X, nameTop + i * nameSize * 1.15, nameSize, INK, line, 'bold')),
    text(TEXT_X, nameBottom + 84, 36, INK, card.day),
    text(TEXT_X, nameBottom + 134, 36, INK, card.time),
    text(TEXT_X, nameBottom + 190, 32, BLUE, card.sport, 'bold'),
    text(TEXT_X, 566, 24, MUTED, shareText(card.language ?? FALLBACK_LANGUAGE, 'join')),
    `<rect x="${PANEL_BOX.x}" y="${PANEL_BOX.y}" width="${PANEL_BOX.width}" height="${PANEL_BOX.height}" rx="28" fill="${PANEL}"/>`,
    route(card.pieces),
    '</svg>',
  ].join('');
}

/** The card as a PNG: librsvg (in sharp) draws the SVG. */
export const shareCardPng = (card: ShareCard): Promise<Buffer> =>
  sharp(Buffer.from(shareCardSvg(card)))
    .png()
    .toBuffer();

/** The brand: a blue disc with a white route line, and the name beside it. */
function wordmark(x: number, baseline: number): string {
  const cx = x + 24;
  const cy = baseline - 14;
  return [
    `<circle cx="${cx}" cy="${cy}" r="24" fill="${BLUE}"/>`,
    `<path d="M ${cx - 12} ${cy + 9} L ${cx - 3} ${cy - 6} L ${cx + 4} ${cy + 3} L ${cx + 12} ${cy - 10}" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<text x="${x + 62}" y="${baseline}" font-family="${FONT}" font-size="40" font-weight="bold" fill="${BLUE}">Cordata</text>`,
  ].join('');
}

function route(pieces: readonly (readonly LatLng[])[]): string {
  const inner = {
    x: PANEL_BOX.x + PANEL_PADDING,
    y: PANEL_BOX.y + PANEL_PADDING,
    width: PANEL_BOX.width - 2 * PANEL_PADDING,
    height: PANEL_BOX.height - 2 * PANEL_PADDING,
  };
  const fitted = fit(pieces.flat().map(mercator), inner);
  const first = fitted[0];
  const last = fitted[fitted.length - 1];
  if (!first || !last) return '';
  const lines: string[] = [];
  let taken = 0;
  for (const piece of pieces) {
    const points = fitted.slice(taken, taken + piece.length);
    taken += piece.length;
    // Nothing is drawn between the pieces: the gap is where a privacy zone hides the line.
    if (points.length > 1) {
      lines.push(
        `<polyline points="${points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}" fill="none" stroke="${BLUE}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
    }
  }
  const dot = (p: Point, fill: string) =>
    `<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="15" fill="${fill}" stroke="#ffffff" stroke-width="5"/>`;
  return [...lines, dot(first, START), dot(last, END)].join('');
}

/** Web Mercator in unit square coordinates (y grows southwards, as on a screen). */
function mercator(p: LatLng): Point {
  const lat = (Math.max(-85, Math.min(85, p.latitude)) * Math.PI) / 180;
  return { x: (p.longitude + 180) / 360, y: (1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2 };
}

/** Scales the points to fill the box, keeping their shape, centred. */
function fit(points: Point[], box: { x: number; y: number; width: number; height: number }): Point[] {
  if (points.length === 0) return [];
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale = Math.min(
    spanX > 0 ? box.width / spanX : Number.POSITIVE_INFINITY,
    spanY > 0 ? box.height / spanY : Number.POSITIVE_INFINITY,
  );
  const k = Number.isFinite(scale) ? scale : 0; // a single place: everything at the centre
  return points.map((p) => ({
    x: box.x + box.width / 2 + (p.x - (minX + maxX) / 2) * k,
    y: box.y + box.height / 2 + (p.y - (minY + maxY) / 2) * k,
  }));
}

/**
 * Words into at most `maxLines` lines of about `perLine` characters (the width is estimated: the card draws with
 * whatever sans-serif font is installed); a word longer than a line is cut, and what does not fit ends in "…".
 */
export function wrap(value: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of value.trim().split(/\s+/)) {
    const joined = current ? `${current} ${word}` : word;
    if (joined.length <= perLine) current = joined;
    else {
      if (current) lines.push(current);
      current = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, perLine - 1).trimEnd()}…`;
  return kept;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escaped for SVG text, and without control characters (which XML refuses). */
const escapeXml = (value: string) =>
  [...value]
    .filter((char) => !isControlCharacter(char))
    .join('')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
