import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { encodePhotonPlaceId } from './photon-geocoder.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');

/** A stand-in Photon server answering recorded responses, and the requests it received. */
let photon: Server;
const requests: URL[] = [];
let t: TestApp;
let token: string;

beforeAll(async () => {
  photon = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://photon.test');
    requests.push(url);
    const q = url.searchParams.get('q');
    const lat = Number(url.searchParams.get('lat'));
    let body: string | undefined;
    if (url.pathname === '/api' && q === 'milano') body = fixture('photon-api-milano');
    else if (url.pathname === '/api' && q === 'nowhere') body = fixture('photon-empty');
    else if (url.pathname === '/api' && q === 'garbage') body = '{"not":"geojson"}';
    else if (url.pathname === '/reverse' && lat > 45 && lat < 46) body = fixture('photon-reverse-milano');
    else if (url.pathname === '/reverse' && lat === 0) body = fixture('photon-empty');
    if (body === undefined) {
      res.writeHead(500).end('boom');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => photon.listen(0, '127.0.0.1', resolve));
  const { port } = photon.address() as AddressInfo;
  t = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${port}/` });
  token = (await newUser(t)).token;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => photon.close(resolve));
});

describe('Photon geocoder (GEOCODER_URL)', () => {
  it('searches through Photon with the query, the bias point, the language and a limit', async () => {
    requests.length = 0;
    const { results } = await t.ok(
      'location/autocomplete',
      { query: 'milano', near: { latitude: 45.07, longitude: 7.69 }, language: 'it' },
      token,
    );
    expect(requests).toHaveLength(1);
    const sent = requests[0]!;
    expect(sent.pathname).toBe('/api');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      q: 'milano',
      limit: '8',
      lang: 'it',
      lat: '45.07',
      lon: '7.69',
    });
    expect(results.map((r) => r.label)).toEqual([
      'Milano, Lombardia, Italia',
      'Milano Marittima, Cervia, Emilia-Romagna, Italia',
      'Via Dante, Milano, Lombardia, Italia',
    ]);
    expect(results[0]).toMatchObject({ latitude: 45.464194, longitude: 9.189635 });
    expect(results[0]!.placeId).toMatch(/^photon:[A-Za-z0-9_-]+$/);
  });

  it('get-point reads a Photon place id back without asking Photon again', async () => {
    const { results } = await t.ok('location/autocomplete', { query: 'milano' }, token);
    requests.length = 0;
    const point = await t.ok('location/get-point', { placeId: results[2]!.placeId }, token);
    expect(point).toEqual({ latitude: 45.46558, longitude: 9.185924, label: 'Via Dante, Milano, Lombardia, Italia' });
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['a tampered id', 'photon:eyJvIjoiTjEifQ'],
    ['an id that is not JSON', 'photon:bm90IGpzb24'],
    ['coordinates out of range', encodePhotonPlaceId({ o: 'N1', lat: 95, lon: 0, label: 'x' }).replace('95', '95')],
    ['an offline id', 'gn:3173435'],
  ])('get-point answers 404 for %s', async (_, placeId) => {
    const res = await t.call('location/get-point', { placeId }, token);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('PLACE_NOT_FOUND');
  });

  it('get-address asks Photon for the nearest object, street level', async () => {
    requests.length = 0;
    const { address } = await t.ok(
      'location/get-address',
      { latitude: 45.4642, longitude: 9.19, language: 'it' },
      token,
    );
    expect(address).toEqual({
      label: 'Piazza del Duomo 2, Milano, Lombardia, Italia',
      city: 'Milano',
      country: 'Italia',
    });
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({
      lat: '45.4642',
      lon: '9.19',
      lang: 'it',
      limit: '1',
    });
  });

  it('get-address answers 404 when Photon knows nothing there', async () => {
    const res = await t.call('location/get-address', { latitude: 0, longitude: -30 }, token);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('PLACE_NOT_FOUND');
  });

  it('an empty answer is an empty list', async () => {
    expect(await t.ok('location/autocomplete', { query: 'nowhere' }, token)).toEqual({ results: [] });
  });

  it.each([
    ['Photon fails', 'explode'],
    ['Photon answers something that is not GeoJSON', 'garbage'],
  ])('%s: 503 SERVICE_UNAVAILABLE, never a 500', async (_, query) => {
    const res = await t.call('location/autocomplete', { query }, token);
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('an unreachable Photon is a 503', async () => {
    const idle = createServer();
    await new Promise<void>((resolve) => idle.listen(0, '127.0.0.1', resolve));
    const { port } = idle.address() as AddressInfo;
    await new Promise((resolve) => idle.close(resolve));
    const other = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${port}` });
    try {
      const user = await newUser(other);
      const res = await other.call('location/get-address', { latitude: 45, longitude: 9 }, user.token);
      expect(res.status).toBe(503);
      expect(res.body.error?.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await other.close();
    }
  });
});

describe('Photon geocoder limits', () => {
  it('limits each user to 120 calls a minute when rate limits are on (Photon is a shared service)', async () => {
    const limited = await createTestApp({
      GEOCODER_URL: `http://127.0.0.1:${(photon.address() as AddressInfo).port}`,
      RATE_LIMITS: 'true',
    });
    try {
      const [ann, ben] = [await newUser(limited), await newUser(limited)];
      for (let batch = 0; batch < 6; batch++) {
        const statuses = await Promise.all(
          Array.from({ length: 20 }, () => limited.call('location/autocomplete', { query: 'milano' }, ann.token)),
        );
        expect(statuses.map((r) => r.status)).toEqual(Array(20).fill(200));
      }
      const over = await limited.call('location/get-address', { latitude: 45.4642, longitude: 9.19 }, ann.token);
      expect(over.status).toBe(429);
      expect(over.body.error?.code).toBe('RATE_LIMITED');
      expect((await limited.call('location/autocomplete', { query: 'milano' }, ben.token)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
