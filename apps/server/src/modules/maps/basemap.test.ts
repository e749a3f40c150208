import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASEMAP_PMTILES_PATH, OPENFREEMAP_STYLE_URL } from '@cordata/contract';
import { FetchSource, PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { publicRuntimeConfig } from '../../web/web.ts';
import { basemapUrls, chooseBasemap } from './basemap.ts';
import { parseByteRange } from './byte-range.ts';
import { pmtilesArchive } from './pmtiles-fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'cordata-basemap-'));
const file = join(dir, 'region.pmtiles');
const world = Uint8Array.from({ length: 300 }, (_, i) => i % 251);
const northWest = new TextEncoder().encode('a tile of zoom 1');
const archive = pmtilesArchive([
  { z: 0, x: 0, y: 0, data: world },
  { z: 1, x: 0, y: 0, data: northWest },
]);
writeFileSync(file, archive);
const size = archive.length;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAP_PMTILES_PATH: file });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: BASEMAP_PMTILES_PATH, headers });

describe('the self-hosted basemap (MAP_PMTILES_PATH)', () => {
  it('is read by a PMTiles client through range requests: header, directory and tiles', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const reader = new PMTiles(new FetchSource(`${address}${BASEMAP_PMTILES_PATH}`));
    const header = await reader.getHeader();
    expect(header).toMatchObject({ specVersion: 3, minZoom: 0, maxZoom: 1, numAddressedTiles: 2 });
    expect(new Uint8Array((await reader.getZxy(0, 0, 0))?.data ?? [])).toEqual(world);
    expect(new Uint8Array((await reader.getZxy(1, 0, 0))?.data ?? [])).toEqual(northWest);
    expect(await reader.getZxy(1, 1, 1)).toBeUndefined();
  });

  it('answers a range with 206, Content-Range and exactly those bytes', async () => {
    const res = await get({ range: 'bytes=0-126' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-126/${size}`);
    expect(res.headers['content-length']).toBe('127');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('application/vnd.pmtiles');
    expect(new Uint8Array(res.rawPayload)).toEqual(archive.slice(0, 127));
  });

  it('cuts a range that runs past the end to the last byte (a reader asks for 16 KB of a small file)', async () => {
    const res = await get({ range: 'bytes=0-16383' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-${size - 1}/${size}`);
    expect(res.rawPayload.length).toBe(size);
  });

  it('serves the last bytes for a suffix range, and the rest from an open-ended one', async () => {
    const suffix = await get({ range: 'bytes=-16' });
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 16}-${size - 1}/${size}`);
    expect(new TextDecoder().decode(suffix.rawPayload)).toBe('a tile of zoom 1');
    const open = await get({ range: `bytes=${size - 1}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.length).toBe(1);
    const oneByte = await get({ range: 'bytes=7-7' });
    expect([...oneByte.rawPayload]).toEqual([3]);
  });

  it('refuses a range that starts past the end with 416 and the size', async () => {
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
      expect(res.json().error.code).toBe('RANGE_NOT_SATISFIABLE');
    }
  });

  it('ignores a range it does not serve (several ranges, reversed, not bytes) and sends the whole file', async () => {
    for (const range of ['bytes=0-1,4-5', 'bytes=9-2', 'items=0-1', 'bytes=abc']) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.length).toBe(size);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get({}, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(size));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.length).toBe(0);
    const ranged = await get({ range: 'bytes=0-9' }, 'HEAD');
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-length']).toBe('10');
  });

  it('is cached by the browser and revalidated by its ETag; a stale If-Range gets the whole file', async () => {
    const first = await get();
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get({ range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(size);
  });

  it('serves that one file only: other paths under /maps/ are 404, never a file of the disk or the app page', async () => {
    for (const url of [
      '/maps/region.pmtiles',
      '/maps/../maps/region.pmtiles',
      `${BASEMAP_PMTILES_PATH}%2f..%2f..%2fconfig.ts`,
      `${BASEMAP_PMTILES_PATH}/region.pmtiles`,
      '/maps/..%2fregion.pmtiles',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
    // Dot segments are resolved before routing: this is /package.json, the app's page, never the file.
    for (const url of ['/maps/%2e%2e/%2e%2e/package.json', `${BASEMAP_PMTILES_PATH}/../../package.json`]) {
      const dotted = await t.app.inject({ method: 'GET', url });
      expect(dotted.body, url).not.toContain('"name"');
      expect(String(dotted.headers['content-type']), url).toContain('text/html');
    }
  });
});

describe('without MAP_PMTILES_PATH', () => {
  it('has no basemap file (404 with an error body, not the app page) and allows OpenFreeMap in its policy', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: BASEMAP_PMTILES_PATH });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      // OpenFreeMap, the default, may be loaded by the app's pages: its style, TileJSON, tiles, fonts, sprites.
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/img-src [^;]*https:\/\/tiles\.openfreemap\.org/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/tiles\.openfreemap\.org/);
    } finally {
      await plain.close();
    }
  });
});

describe('choosing the basemap', () => {
  it('uses OpenFreeMap with nothing configured, the .pmtiles file when set, and MAP_STYLE_URL over both', () => {
    expect(chooseBasemap({})).toEqual({ kind: 'openfreemap', styleUrl: OPENFREEMAP_STYLE_URL });
    expect(chooseBasemap({ MAP_PMTILES_PATH: file })).toEqual({
      kind: 'pmtiles',
      url: BASEMAP_PMTILES_PATH,
      assetsUrl: null,
    });
    expect(chooseBasemap({ MAP_PMTILES_PATH: file, MAP_STYLE_URL: 'https://maps.example/style.json' })).toEqual({
      kind: 'style',
      styleUrl: 'https://maps.example/style.json',
    });
    expect(chooseBasemap({ MAP_PMTILES_PATH: file, MAP_STYLE_URL: 'offline' })).toEqual({ kind: 'offline' });
  });

  it('allows the basemap origins in the security policy: OpenFreeMap by default, none when offline', async () => {
    expect(basemapUrls(chooseBasemap({}))).toEqual([OPENFREEMAP_STYLE_URL]);
    expect(basemapUrls(chooseBasemap({ MAP_STYLE_URL: 'offline' }))).toEqual([]);
    expect(
      basemapUrls(chooseBasemap({ MAP_PMTILES_PATH: file, MAP_ASSETS_URL: 'https://assets.example/basemaps' })),
    ).toEqual(['https://assets.example/basemaps']);
    // This app serves its own .pmtiles and loads nothing from outside for its map.
    const csp = String((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp).not.toContain('openfreemap');
  });

  it('tells the app which basemap to draw', () => {
    expect(publicRuntimeConfig(t.config)).toMatchObject({ mapStyleUrl: null, mapPmtiles: BASEMAP_PMTILES_PATH });
    const offline = loadConfig({ DATA_DIR: dir, MAP_STYLE_URL: 'offline', MAP_PMTILES_PATH: file });
    expect(publicRuntimeConfig(offline)).toMatchObject({ mapStyleUrl: 'offline', mapPmtiles: null });
    const unset = loadConfig({ DATA_DIR: dir });
    expect(publicRuntimeConfig(unset)).toMatchObject({ mapStyleUrl: OPENFREEMAP_STYLE_URL, mapPmtiles: null });
  });

  it('stops the start on a missing .pmtiles file or a style URL that is neither offline nor http(s)', () => {
    expect(() => loadConfig({ DATA_DIR: dir, MAP_PMTILES_PATH: join(dir, 'missing.pmtiles') })).toThrow(
      /MAP_PMTILES_PATH: no readable file/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, MAP_PMTILES_PATH: dir })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, MAP_STYLE_URL: 'ftp://maps.example/style.json' })).toThrow(
      /MAP_STYLE_URL: must be offline or an http\(s\) URL/,
    );
  });
});

describe('a basemap on object storage (MAP_PMTILES_URL, issue 37)', () => {
  const MAP_PMTILES_URL = 'https://tiles.example.net/cordata/region.pmtiles';

  it('is read by the app from there, allowed in the security policy, and not served by this server', async () => {
    const remote = await createTestApp({ MAP_PMTILES_URL, MAP_ASSETS_URL: 'https://assets.example/basemaps' });
    try {
      expect(publicRuntimeConfig(remote.config)).toMatchObject({ mapStyleUrl: null, mapPmtiles: MAP_PMTILES_URL });
      const res = await remote.app.inject({ method: 'GET', url: BASEMAP_PMTILES_PATH });
      expect(res.statusCode).toBe(404);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/tiles\.example\.net/);
      expect(csp).not.toContain('openfreemap');
    } finally {
      await remote.close();
    }
  });

  it('takes an http(s) URL, and not together with MAP_PMTILES_PATH', () => {
    expect(() => loadConfig({ DATA_DIR: dir, MAP_PMTILES_URL, MAP_PMTILES_PATH: file })).toThrow(/set one/);
    expect(() => loadConfig({ DATA_DIR: dir, MAP_PMTILES_URL: 's3://bucket/region.pmtiles' })).toThrow(
      /MAP_PMTILES_URL: must be the http\(s\) URL of a .pmtiles file/,
    );
  });
});

describe('parseByteRange', () => {
  it('reads one byte range against a size', () => {
    expect(parseByteRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(parseByteRange('bytes=10-19', 100)).toEqual({ kind: 'partial', start: 10, end: 19 });
    expect(parseByteRange('bytes=90-200', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseByteRange('bytes=-200', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseByteRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-', 100)).toEqual({ kind: 'whole' });
    expect(parseByteRange('bytes=99999999999999999999-', 100)).toEqual({ kind: 'whole' });
  });
});
