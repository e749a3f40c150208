import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earthTile, pmtilesArchive } from '../../apps/server/src/modules/maps/pmtiles-fixture.ts';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { contextsClosedAfterEach, locales, screenshot, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

// Five activities within about 300 m of Milan's centre, one in Monza and one by Lecco: on the home map (near
// Milan, location off) the five make one cluster.
const DUOMO = { latitude: 45.4642, longitude: 9.19 };
const nearDuomo = [0, 1, 2, 3, 4].map((i) => ({
  latitude: DUOMO.latitude + i * 0.0006,
  longitude: DUOMO.longitude + i * 0.0006,
}));

async function seedActivities(baseUrl: string, owner: Account) {
  const ids: string[] = [];
  const places = [
    ...nearDuomo.map((p, i) => ({ name: `Corsa Duomo ${i + 1}`, start: p })),
    { name: 'Giro di Monza', start: { latitude: 45.5845, longitude: 9.2744 } },
    { name: 'Giro del lago', start: { latitude: 45.85, longitude: 9.39 } },
  ];
  for (const { name, start } of places) {
    const { activity } = await call(
      baseUrl,
      'activity/create-new',
      pointsActivity({
        name,
        route: {
          mode: 'POINTS',
          start,
          destination: { latitude: start.latitude + 0.01, longitude: start.longitude },
          routeSteps: [],
        },
      }),
      owner.jwt,
    );
    ids.push(activity.activityId);
  }
  return ids;
}

async function openHomeMap(page: Page) {
  await page.click(testId('home-view-map'));
  await page.waitForSelector(`${testId('home-map')} [data-map-ready]`);
}

const clusters = (page: Page) => page.locator(`${testId('home-map')} ${testId('map-cluster')}`);
const activityMarkers = (page: Page) => page.locator(`${testId('home-map')} ${testId('map-marker-activity')}`);

describe('the home map, on the offline style the tests pin', () => {
  const suite = journeySuite();
  const contexts = contextsClosedAfterEach('home-map');
  let ada: Account;
  beforeAll(async () => {
    ada = await newAccount(suite.server.url, { firstName: 'Ada', lastName: 'Rossi' });
    await seedActivities(suite.server.url, ada);
  });

  it.each(locales)('groups close activities into a cluster that zooms in when tapped (%s)', async (locale) => {
    const page = await openPhone(suite.browser, suite.server.url, contexts, locale, '/home', ada.jwt);
    await openHomeMap(page);
    expect(await page.getAttribute(`${testId('home-map')} .map-canvas`, 'data-basemap')).toBe('offline');
    await clusters(page).first().waitFor();
    expect(await clusters(page).count()).toBe(1);
    expect(await clusters(page).first().getAttribute('data-count')).toBe('5');
    expect(await clusters(page).first().getAttribute('aria-label')).toBe(
      locale === 'en' ? '5 activities here: zoom in' : '5 attività qui: ingrandisci',
    );
    // Monza and Lecco stand alone.
    expect(await activityMarkers(page).count()).toBe(2);
    await screenshot(page, `home-map-clusters-${locale}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Tapping opens the cluster (and any smaller one inside it) until the five Duomo runs show one by one.
    for (let i = 0; i < 6 && (await clusters(page).count()) > 0; i++) {
      const before = await page.evaluate(() => document.querySelectorAll('[data-testid="map-marker-activity"]').length);
      await clusters(page).first().tap();
      await page.waitForFunction(
        (n) =>
          document.querySelectorAll('[data-testid="map-marker-activity"]').length !== n ||
          document.querySelectorAll('[data-testid="map-cluster"]').length === 0,
        before,
      );
      await page.waitForTimeout(50);
    }
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="map-marker-activity"]')].filter((m) =>
          m.textContent?.startsWith('Corsa Duomo'),
        ).length === 5,
    );
    await screenshot(page, `home-map-expanded-${locale}`);

    // Tapping a marker opens its activity, as before.
    await page.locator(testId('map-marker-activity'), { hasText: 'Corsa Duomo 3' }).tap();
    await page.waitForSelector(testId('activity-sheet'));
    expect(await page.textContent(testId('activity-name'))).toBe('Corsa Duomo 3');
  });

  it('opens a cluster from the keyboard, and the focus moves to what it opened into', async () => {
    const page = await openPhone(suite.browser, suite.server.url, contexts, 'en', '/home', ada.jwt);
    await openHomeMap(page);
    await clusters(page).first().waitFor();
    await clusters(page).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => {
      const focused = document.activeElement as HTMLElement | null;
      return Boolean(focused?.classList.contains('map-marker') && focused.dataset.testid !== undefined);
    });
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(focused).toMatch(/Corsa Duomo|activities here/);
  });
});

describe('the self-hosted basemap (MAP_PMTILES_PATH)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cordata-e2e-basemap-'));
  const file = join(dir, 'world.pmtiles');
  writeFileSync(file, pmtilesArchive([{ z: 0, x: 0, y: 0, data: earthTile() }], { vector_layers: [{ id: 'earth' }] }));
  // MAP_STYLE_URL unset: the server's own file, read through range requests; nothing outside is reached.
  const suite = journeySuite({ MAP_STYLE_URL: '', MAP_PMTILES_PATH: file });
  const contexts = contextsClosedAfterEach('home-map-pmtiles');
  let bea: Account;
  beforeAll(async () => {
    bea = await newAccount(suite.server.url, { firstName: 'Bea', lastName: 'Neri' });
    await seedActivities(suite.server.url, bea);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(locales)(
    'draws the Protomaps style from the server and credits Protomaps and OpenStreetMap (%s)',
    async (locale) => {
      const page = await openPhone(suite.browser, suite.server.url, contexts, locale, '/home', bea.jwt);
      const ranges: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/maps/basemap.pmtiles')) ranges.push(r.headers().range ?? '');
      });
      await openHomeMap(page);
      expect(await page.getAttribute(`${testId('home-map')} .map-canvas`, 'data-basemap')).toBe('pmtiles');
      const attribution = page.locator(`${testId('home-map')} .maplibregl-ctrl-attrib`);
      await attribution.locator('a', { hasText: 'OpenStreetMap' }).waitFor();
      expect(await attribution.textContent()).toContain('Protomaps');
      // Compact on a phone: a button that hides the credits, which start open.
      expect(await attribution.getAttribute('class')).toContain('maplibregl-compact');
      expect(ranges.length).toBeGreaterThan(0);
      expect(ranges.every((r) => r.startsWith('bytes='))).toBe(true);
      await clusters(page).first().waitFor();
      await screenshot(page, `home-map-pmtiles-${locale}`);
    },
  );

  it('falls back to the plain style, markers and all, when the basemap cannot be read', async () => {
    const page = await openPhone(suite.browser, suite.server.url, contexts, 'en', '/home', bea.jwt);
    await page.route('**/maps/basemap.pmtiles', (route) => route.abort('connectionrefused'));
    await openHomeMap(page);
    await page.waitForSelector(`${testId('home-map')} .map-canvas[data-basemap="offline"]`);
    await clusters(page).first().waitFor();
    expect(await activityMarkers(page).count()).toBe(2);
    await screenshot(page, 'home-map-fallback-en');
  });
});

/**
 * A stand-in for OpenFreeMap on 127.0.0.1, answering in its format: the style at /styles/liberty names the
 * TileJSON at /planet, which carries OpenFreeMap's attribution and the tile URL template. `mode` makes the
 * style or the tiles fail.
 */
function standInOpenFreeMap() {
  const state = { mode: 'ok' as 'ok' | 'style-fails' | 'tiles-fail', base: '' };
  const tile = earthTile();
  const server: Server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    const json = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/styles/liberty') {
      if (state.mode === 'style-fails') return res.writeHead(503).end('unavailable');
      return json({
        version: 8,
        name: 'Liberty (stand-in)',
        sources: { openmaptiles: { type: 'vector', url: `${state.base}/planet` } },
        layers: [
          { id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } },
          {
            id: 'land',
            type: 'fill',
            source: 'openmaptiles',
            'source-layer': 'earth',
            paint: { 'fill-color': '#e9e5dc' },
          },
        ],
      });
    }
    if (req.url === '/planet') {
      return json({
        tilejson: '3.0.0',
        tiles: [`${state.base}/planet/20260101_001001_pt/{z}/{x}/{y}.pbf`],
        minzoom: 0,
        maxzoom: 0,
        attribution:
          '<a href="https://openfreemap.org" target="_blank">OpenFreeMap</a> <a href="https://www.openmaptiles.org/" target="_blank">&copy; OpenMapTiles</a> Data from <a href="https://www.openstreetmap.org/copyright" target="_blank">OpenStreetMap</a>',
        vector_layers: [{ id: 'earth', fields: {} }],
      });
    }
    if (req.url?.startsWith('/planet/')) {
      if (state.mode === 'tiles-fail') return res.writeHead(500).end();
      return res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end(Buffer.from(tile));
    }
    res.writeHead(404).end();
  });
  return {
    state,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return `${state.base}/styles/liberty`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a style from the network (MAP_STYLE_URL), answered by a stand-in for OpenFreeMap', () => {
  const standIn = standInOpenFreeMap();
  const env: Record<string, string> = {};
  beforeAll(async () => {
    env.MAP_STYLE_URL = await standIn.start();
  });
  // journeySuite reads `env` when its server starts, after the stand-in has its port.
  const suite = journeySuite(env);
  const contexts = contextsClosedAfterEach('home-map-style');
  let cai: Account;
  beforeAll(async () => {
    cai = await newAccount(suite.server.url, { firstName: 'Cai', lastName: 'Verdi' });
    await seedActivities(suite.server.url, cai);
  });
  afterAll(() => standIn.stop());

  it.each(locales)('draws it and shows the credits its sources declare (%s)', async (locale) => {
    standIn.state.mode = 'ok';
    const page = await openPhone(suite.browser, suite.server.url, contexts, locale, '/home', cai.jwt);
    await openHomeMap(page);
    expect(await page.getAttribute(`${testId('home-map')} .map-canvas`, 'data-basemap')).toBe('style');
    const attribution = page.locator(`${testId('home-map')} .maplibregl-ctrl-attrib`);
    await attribution.locator('a', { hasText: 'OpenStreetMap' }).waitFor();
    expect(await attribution.textContent()).toContain('OpenFreeMap');
    expect(await attribution.textContent()).toContain('© OpenMapTiles');
    await clusters(page).first().waitFor();
    await screenshot(page, `home-map-style-${locale}`);
  });

  it.each(['style-fails', 'tiles-fail'] as const)('falls back to the plain style when %s', async (mode) => {
    standIn.state.mode = mode;
    const page = await openPhone(suite.browser, suite.server.url, contexts, 'en', '/home', cai.jwt);
    const uncaught: string[] = [];
    page.on('pageerror', (e) => uncaught.push(e.message));
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    try {
      await openHomeMap(page);
      await page.waitForSelector(`${testId('home-map')} .map-canvas[data-basemap="offline"]`);
    } catch (err) {
      // What the page logged (a map that failed says why: RouteMap's error boundary) is the clue to a failure.
      throw new Error(`${(err as Error).message}\n${consoleLines.join('\n')}`);
    }
    await clusters(page).first().waitFor();
    expect(await activityMarkers(page).count()).toBe(2);
    expect(await page.locator(testId('feedback-modal')).count()).toBe(0);
    expect(uncaught).toEqual([]);
  });
});
