import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { haversineMetres } from '@cordata/geo';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { newActivity, newUser } from '../../test/factories.ts';
import { loadConfig } from '../config.ts';
import { activities, groups } from '../db/schema.ts';
import { createPrivacyRepository } from '../modules/privacy/privacy.repository.ts';
import { createPrivacyTrim } from '../modules/privacy/privacy-trim.ts';
import { shareCardSvg, wrap } from './share-card.ts';
import { createShareCards } from './share-image.ts';
import { activityDescription } from './share-preview.ts';
import { shareTags, shareTarget, withShareTags } from './share-tags.ts';
import { registerWeb } from './web.ts';

const PUBLIC_URL = 'https://cordata.example';
const HOSTILE = '"><script>alert(1)</script>';
const MISSING = '0190f7d0-0000-7000-8000-000000000000';
const webPublic = join(import.meta.dirname, '../../../web/public');

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A stand-in for the built app: an entry page and the real public files.
  webDist = mkdtempSync(join(tmpdir(), 'cordata-web-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Cordata</title></head><body><div id="root"></div></body></html>',
  );
  for (const file of ['robots.txt', 'manifest.webmanifest']) copyFileSync(join(webPublic, file), join(webDist, file));
  t = await createTestApp({ PUBLIC_URL, WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  return res.body;
};
const tagsOf = (html: string) => html.match(/<meta (property|name)="(og|twitter):[^>]*>/g) ?? [];

describe('link previews of shared pages (issue 19)', () => {
  it('gives a public open activity its name, date, sport and route picture, escaped', async () => {
    const creator = await newUser(t);
    const activity = await newActivity(t, creator);
    // The contract refuses such names today; the page must not rely on it (older rows, later rules).
    await t.db.update(activities).set({ name: HOSTILE }).where(eq(activities.id, activity.activityId));
    const html = await page(`/view-activity/${activity.activityId}`);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Cordata</title>');
    expect(html).toContain('<meta property="og:title" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
    const description = html.match(/property="og:description" content="([^"]*)"/)?.[1];
    expect(description).toMatch(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4} · 09:00–11:00 · Running · [\d.]+ (k?m)$/);
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/view-activity/${activity.activityId}">`);
    expect(html).toContain(
      `<meta property="og:image" content="${PUBLIC_URL}/api/space/cordata/share/activities/${activity.activityId}.png">`,
    );
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('name="twitter:title"');
    expect(html).toContain('name="twitter:description"');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('shows nothing of a private, a closed, a deleted or a missing activity, nor of a malformed id', async () => {
    const creator = await newUser(t);
    const hidden = await newActivity(t, creator, { name: 'Secret session', visibility: 'PRIVATE' });
    const closed = await newActivity(t, creator, { name: 'Invite only', access: 'CLOSED' });
    const gone = await newActivity(t, creator, { name: 'Cancelled run' });
    await t.ok('activity/delete', { activityId: gone.activityId }, creator.token);
    for (const id of [hidden.activityId, closed.activityId, gone.activityId, MISSING, 'not-a-uuid', '%00']) {
      const html = await page(`/view-activity/${id}`);
      expect(tagsOf(html), id).toEqual([]);
      expect(html).toContain('<title>Cordata</title>');
    }
    const plain = await page('/home');
    expect(await page(`/view-activity/${hidden.activityId}`)).toBe(plain);
  });

  it('gives an open group its name and members, and a closed group nothing', async () => {
    const admin = await newUser(t);
    const { group: open } = await t.ok('group/create-new', { name: 'Trail club', type: 'OPEN' }, admin.token);
    await t.db.update(groups).set({ name: 'Trail & Co' }).where(eq(groups.id, open.groupId));
    const { group: closed } = await t.ok('group/create-new', { name: 'Closed club', type: 'CLOSED' }, admin.token);
    const html = await page(`/view-group/${open.groupId}`);
    expect(html).toContain('<meta property="og:title" content="Trail &amp; Co">');
    expect(html).toContain('<meta property="og:description" content="Open group · 1 member">');
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/view-group/${open.groupId}">`);
    expect(html).not.toContain('og:image');
    await t.db.update(groups).set({ picture: 'https://files.example/g.jpg' }).where(eq(groups.id, open.groupId));
    expect(await page(`/view-group/${open.groupId}`)).toContain(
      '<meta property="og:image" content="https://files.example/g.jpg">',
    );
    expect(tagsOf(await page(`/view-group/${closed.groupId}`))).toEqual([]);
    expect(tagsOf(await page(`/view-group/${MISSING}`))).toEqual([]);
  });

  it('describes a shared page in the language the visitor’s browser asks for, else in English', async () => {
    const creator = await newUser(t);
    const { group } = await t.ok('group/create-new', { name: 'Bergfreunde', type: 'OPEN' }, creator.token);
    const activity = await newActivity(t, creator, { date: '2027-01-16' });
    const visit = (url: string, language: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
    const description = (html: string) => html.match(/property="og:description" content="([^"]*)"/)?.[1];

    const german = await visit(`/view-group/${group.groupId}`, 'de-CH,de;q=0.9,en;q=0.8');
    expect(description(german.body)).toBe('Offene Gruppe · 1 Mitglied');
    expect(german.headers.vary).toContain('accept-language');
    expect(description((await visit(`/view-group/${group.groupId}`, 'pt-BR,fr;q=0.5')).body)).toBe(
      'Groupe ouvert · 1 membre',
    );
    expect(description((await visit(`/view-group/${group.groupId}`, 'pt-BR,ja')).body)).toBe('Open group · 1 member');

    const page = (await visit(`/view-activity/${activity.activityId}`, 'de')).body;
    expect(description(page)).toMatch(/^Sa\. 16\. Jan\. 2027 · 09:00–11:00 · Laufen · [\d,]+ (k?m)$/);
    // The share card speaks the page's language.
    const image = `${PUBLIC_URL}/api/space/cordata/share/activities/${activity.activityId}.png?lang=de`;
    expect(page).toContain(`<meta property="og:image" content="${image}">`);
    const png = await t.app.inject({ method: 'GET', url: image.slice(PUBLIC_URL.length) });
    expect([png.statusCode, png.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('serves the plain page when the lookup fails', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: webDist,
      WEB_DIST_DIR: join(webDist, 'no-build'),
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    });
    const app = Fastify({ logger: false });
    await registerWeb(app, config, {
      sharePreview: async () => {
        throw new Error('database down');
      },
    });
    const res = await app.inject({ method: 'GET', url: `/view-activity/${MISSING}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Cordata</title>');
    await app.close();
  });
});

describe('the share card', () => {
  const cards = () =>
    createShareCards({ db: t.db, privacy: createPrivacyTrim({ repo: createPrivacyRepository(t.db) }) });

  it('carries the name, the day and time in the activity’s zone, the sport, the route and the brand', async () => {
    const creator = await newUser(t);
    const activity = await newActivity(t, creator, {
      name: 'Evening run Sempione',
      date: '2027-01-16',
      startTime: '18:10',
      endTime: '19:30',
      timeZone: 'Europe/Rome',
    });
    const card = (await cards()(activity.activityId))!;
    expect(card).toMatchObject({ name: 'Evening run Sempione', day: 'Sat 16 Jan 2027', time: '18:10–19:30' });
    expect(card.sport).toMatch(/^Running · [\d.]+ km$/);
    const svg = shareCardSvg(card);
    for (const text of ['Evening run', 'Sempione', 'Sat 16 Jan 2027', '18:10–19:30', card.sport, '>Cordata<']) {
      expect(svg).toContain(`${text.startsWith('>') ? '' : '>'}${text}`);
    }
    expect(svg.match(/<polyline /g)).toHaveLength(1);
    expect(svg.match(/<circle /g)).toHaveLength(3); // the brand's disc, the start and the end
  });

  it('speaks the language asked for', async () => {
    const creator = await newUser(t);
    const activity = await newActivity(t, creator, { date: '2027-01-16', startTime: '18:10', endTime: '19:30' });
    const card = (await cards()(activity.activityId, 'es'))!;
    expect(card).toMatchObject({ day: 'sáb 16 ene 2027', time: '18:10–19:30', language: 'es' });
    expect(card.sport).toMatch(/^Carrera a pie · [\d,]+ km$/);
    expect(shareCardSvg(card)).toContain('>Únete en Cordata</text>');
    expect(shareCardSvg({ ...card, language: undefined })).toContain('>Join on Cordata</text>');
  });

  it('draws no point of the route inside the organiser’s privacy zone', async () => {
    const creator = await newUser(t);
    const { zone } = await t.ok(
      'privacy/add-zone',
      { latitude: 45.4642, longitude: 9.19, radiusMetres: 400 },
      creator.token,
    );
    const activity = await newActivity(t, creator);
    const card = (await cards()(activity.activityId))!;
    const drawn = card.pieces.flat();
    expect(drawn.length).toBeGreaterThan(0);
    for (const p of drawn) expect(haversineMetres(p, zone)).toBeGreaterThan(zone.radiusMetres - 1);
    // The SVG draws exactly those points: its line and its two dots.
    const svg = shareCardSvg(card);
    const linePoints = [...svg.matchAll(/<polyline points="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '));
    expect(linePoints).toHaveLength(card.pieces.filter((piece) => piece.length > 1).flat().length);
  });

  it('escapes the name and keeps a long one to three lines', () => {
    const svg = shareCardSvg({
      name: HOSTILE,
      day: 'Sun 1 Jan 2027',
      time: '09:00–10:00',
      sport: 'Hiking',
      pieces: [],
    });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(wrap('a b c d e f g h i j k l m n o p', 3, 3)).toEqual(['a b', 'c d', 'e…']);
    expect(wrap('Supercalifragilistic', 8, 3)).toEqual(['Superca…']);
  });

  it('is a 1200×630 PNG of a public open activity, cached for an hour', async () => {
    const creator = await newUser(t);
    const activity = await newActivity(t, creator);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/space/cordata/share/activities/${activity.activityId}.png`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const png = res.rawPayload;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });

  it('is ACTIVITY_NOT_FOUND for a private, closed or missing activity and for a bad name', async () => {
    const creator = await newUser(t);
    const hidden = await newActivity(t, creator, { visibility: 'PRIVATE' });
    const closed = await newActivity(t, creator, { access: 'CLOSED' });
    for (const file of [
      `${hidden.activityId}.png`,
      `${closed.activityId}.png`,
      `${MISSING}.png`,
      'not-a-uuid.png',
      '------------------------------------.png',
      `${MISSING}.jpg`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/space/cordata/share/activities/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.json().error.code, file).toBe('ACTIVITY_NOT_FOUND');
    }
  });
});

describe('the web app files', () => {
  it('serves robots.txt and the manifest as files, with their types', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Disallow: /api/');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ name: 'Cordata', start_url: '/home', display: 'standalone' });
  });
});

describe('share tags (pure)', () => {
  const preview = { kind: 'activity' as const, id: MISSING, title: 'Run', description: 'Sun', picture: null };

  it('reads only the shared pages', () => {
    expect(shareTarget(`/view-activity/${MISSING}`)).toEqual({ kind: 'activity', id: MISSING });
    expect(shareTarget(`/view-group/${MISSING}/`)).toEqual({ kind: 'group', id: MISSING });
    expect(shareTarget('/view-activity/')).toBeNull();
    expect(shareTarget('/home')).toBeNull();
  });

  it('leaves out the absolute addresses without PUBLIC_URL', () => {
    const tags = shareTags(preview, { product: 'cordata' });
    expect(tags).toContain('og:title');
    expect(tags).not.toContain('og:url');
    expect(tags).not.toContain('og:image');
    expect(tags).toContain('<meta name="twitter:card" content="summary">');
  });

  it('injects into the page served without a build', () => {
    const fallback =
      '<!doctype html><html><head><meta charset="utf-8"><title>Cordata</title></head><body></body></html>';
    const html = withShareTags(fallback, preview, shareTags(preview, { product: 'cordata', publicUrl: PUBLIC_URL }));
    expect(html).toContain('<title>Run · Cordata</title>');
    expect(html).toMatch(/<meta property="og:title" content="Run">.*<\/head>/);
  });

  it('describes an activity in English', () => {
    const row = { date: '2026-11-29', startTime: '09:00', endTime: '12:00', sport: 'Running', totalDistance: 12_400 };
    expect(activityDescription(row)).toBe('Sun 29 Nov 2026 · 09:00–12:00 · Running · 12.4 km');
    expect(activityDescription({ ...row, totalDistance: 850 })).toBe('Sun 29 Nov 2026 · 09:00–12:00 · Running · 850 m');
  });

  it('describes an activity in German, French and Spanish', () => {
    const row = { date: '2026-11-29', startTime: '09:00', endTime: '12:00', sport: 'Laufen', totalDistance: 12_400 };
    expect(activityDescription(row, 'de')).toBe('So. 29. Nov. 2026 · 09:00–12:00 · Laufen · 12,4 km');
    expect(activityDescription({ ...row, sport: 'Trail' }, 'fr')).toBe(
      'dim. 29 nov. 2026 · 09:00–12:00 · Trail · 12,4 km',
    );
    expect(activityDescription({ ...row, sport: 'Senderismo', totalDistance: 850 }, 'es')).toBe(
      'dom 29 nov 2026 · 09:00–12:00 · Senderismo · 850 m',
    );
  });
});
