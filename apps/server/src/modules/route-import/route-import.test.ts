import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseGpx } from '@cordata/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** A stand-in for both sites, answering from the recorded fixtures; some ids misbehave on purpose. */
let server: Server;
let base: string;
const seen: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const url = req.url ?? '';
    if (url === '/routes/43212345.gpx?sub_format=track') {
      res.writeHead(200, { 'content-type': 'application/gpx+xml' }).end(fixture('ridewithgps-route-43212345.gpx'));
    } else if (url === '/api/v1/details/relation/124582/geometry/gpx') {
      res.writeHead(200, { 'content-type': 'application/gpx+xml' }).end(fixture('waymarkedtrails-relation-124582.gpx'));
    } else if (url.startsWith('/routes/500')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>');
    } else if (url.startsWith('/routes/301')) {
      res.writeHead(301, { location: `${base}/routes/43212345.gpx?sub_format=track` }).end();
    } else if (url.startsWith('/routes/403')) {
      res.writeHead(403).end();
    } else if (url.startsWith('/routes/777')) {
      // Never answers: the timeout must.
    } else if (url.startsWith('/routes/888')) {
      res.writeHead(200, { 'content-type': 'application/gpx+xml' });
      res.write('<gpx>');
      const chunk = '<wpt lat="1" lon="1"/>'.repeat(50_000);
      let sent = 0;
      const pump = () => {
        while (sent < 30 && res.write(chunk)) sent++;
        if (sent < 30) res.once('drain', pump);
        else res.end('</gpx>');
      };
      pump();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    ROUTE_IMPORT_RIDEWITHGPS_URL: base,
    ROUTE_IMPORT_WAYMARKEDTRAILS_URL: base,
    ROUTE_IMPORT_TIMEOUT_MS: '300',
  });
  token = (await newUser(t)).token;
});
afterAll(() => t?.close());

describe('route/import-link', () => {
  it('fetches a public RideWithGPS route as GPX, with attribution', async () => {
    const res = await t.ok(
      'route/import-link',
      { url: 'https://ridewithgps.com/routes/43212345?privacy_code=x' },
      token,
    );
    expect(res).toMatchObject({ source: 'ridewithgps', name: 'Giro del Lago di Como' });
    expect(res.attribution).toContain('RideWithGPS');
    expect(parseGpx(res.gpx).tracks[0]!.segments[0]).toHaveLength(5);
  });

  it('fetches a Waymarked Trails relation with the OpenStreetMap attribution', async () => {
    const res = await t.ok('route/import-link', { url: 'https://hiking.waymarkedtrails.org/#route?id=124582' }, token);
    expect(res).toMatchObject({ source: 'waymarkedtrails', name: 'Sentiero del Viandante' });
    expect(res.attribution).toContain('OpenStreetMap');
  });

  it('never fetches from sites whose terms forbid it, and says how to export a GPX there', async () => {
    const before = seen.length;
    for (const [url, source] of [
      ['https://www.komoot.com/tour/123456', 'komoot'],
      ['https://www.strava.com/routes/123', 'strava'],
      ['https://it.wikiloc.com/percorsi-escursionismo/x-123', 'wikiloc'],
      ['https://example.org/route.gpx', 'other'],
      ['not a link at all', 'other'],
      ['file:///etc/passwd', 'other'],
      ['https://ridewithgps.com/users/12', 'ridewithgps'],
    ]) {
      const res = await t.call('route/import-link', { url: url! }, token);
      expect(res.status, url).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'ROUTE_SOURCE_UNSUPPORTED', details: { source } });
      expect(res.body.error?.message).toContain('GPX');
    }
    expect(seen.length).toBe(before);
  });

  it('answers a clear failure for missing, private, slow, oversized and non-GPX answers', async () => {
    const cases: [string, string, string][] = [
      ['https://ridewithgps.com/routes/999', 'ROUTE_IMPORT_FAILED', 'not-found'],
      ['https://ridewithgps.com/routes/403', 'ROUTE_IMPORT_FAILED', 'private'],
      ['https://ridewithgps.com/routes/777', 'ROUTE_IMPORT_FAILED', 'timeout'],
      ['https://ridewithgps.com/routes/888', 'ROUTE_IMPORT_FAILED', 'too-large'],
      ['https://ridewithgps.com/routes/500', 'GPX_INVALID', ''],
    ];
    for (const [url, code, reason] of cases) {
      const res = await t.call('route/import-link', { url }, token);
      expect(res.status, url).toBeOneOf([400, 502]);
      expect(res.body.error?.code, url).toBe(code);
      expect(res.body.error?.details?.source).toBe('ridewithgps');
      if (reason) expect(res.body.error?.details?.reason).toBe(reason);
    }
  });

  it('never follows a redirect, even to a route the allow-list would accept', async () => {
    const before = seen.length;
    const res = await t.call('route/import-link', { url: 'https://ridewithgps.com/routes/301' }, token);
    expect(res.body.error).toMatchObject({
      code: 'ROUTE_IMPORT_FAILED',
      details: { source: 'ridewithgps', reason: 'redirect' },
    });
    expect(seen.slice(before)).toEqual(['/routes/301.gpx?sub_format=track']);
  });

  it('refuses a source left out of ROUTE_IMPORT_SOURCES', async () => {
    const only = await createTestApp({ ROUTE_IMPORT_SOURCES: 'waymarkedtrails', ROUTE_IMPORT_RIDEWITHGPS_URL: base });
    try {
      const { token: other } = await newUser(only);
      const res = await only.call('route/import-link', { url: 'https://ridewithgps.com/routes/43212345' }, other);
      expect(res.body.error).toMatchObject({ code: 'ROUTE_SOURCE_UNSUPPORTED', details: { source: 'ridewithgps' } });
    } finally {
      await only.close();
    }
  });
});
