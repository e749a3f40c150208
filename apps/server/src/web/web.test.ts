import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A stand-in for the built app: the entry page, a hashed asset with its precompressed copy, a public file.
  webDist = mkdtempSync(join(tmpdir(), 'cordata-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const script = 'export const answer = 42;\n'.repeat(50);
  writeFileSync(join(webDist, 'assets', 'index-AbC123.js'), script);
  writeFileSync(join(webDist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(join(webDist, 'robots.txt'), 'User-agent: *\n');
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

describe('caching of the built app', () => {
  it('keeps hashed assets for a year, compressed or not, so an app opened again asks nothing', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('asks again for the entry page and the unhashed files', async () => {
    expect((await t.app.inject({ url: '/home' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/robots.txt' })).headers['cache-control']).toBe('no-cache');
  });
});

describe('compression of the entry page', () => {
  it('sends it brotli or gzip compressed to clients that accept them, plain to the others', async () => {
    for (const encoding of ['gzip, deflate, br, zstd', 'gzip', 'identity']) {
      const res = await t.app.inject({ url: '/home', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toContain('accept-encoding');
      const expected = encoding.includes('br') ? 'br' : encoding.includes('gzip') ? 'gzip' : undefined;
      expect(res.headers['content-encoding']).toBe(expected);
      const body =
        expected === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : expected === 'gzip'
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(body.toString('utf8')).toContain('<script id="cordata-config" type="application/json">');
    }
  });
});
