import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp } from './app.ts';
import { assertNoOutsideServices, outsideServiceHosts } from './outside-hosts.ts';

describe('tests reach no public routing or elevation service', () => {
  it("the tests' app has none", async () => {
    const t = await createTestApp();
    try {
      expect(outsideServiceHosts(t.config)).toEqual([]);
      expect([t.config.ROUTER_KIND, t.config.ELEVATION_KIND]).toEqual([undefined, undefined]);
    } finally {
      await t.close();
    }
  });

  it('the check catches the public defaults a config outside tests gets', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: '/tmp/cordata-outside-test',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(outsideServiceHosts(config)).toEqual(['valhalla1.openstreetmap.de', 'api.open-meteo.com']);
    expect(() => assertNoOutsideServices(config)).toThrow(/valhalla1\.openstreetmap\.de/);
  });

  it("Strava's host counts once Strava is configured", () => {
    const strava = { STRAVA_CLIENT_ID: '123', STRAVA_BASE_URL: 'https://www.strava.com' };
    expect(outsideServiceHosts({ ROUTER_URL: undefined, ELEVATION_URL: undefined, ...strava })).toEqual([
      'www.strava.com',
    ]);
    expect(
      outsideServiceHosts({ ROUTER_URL: undefined, ELEVATION_URL: undefined, ...strava, STRAVA_CLIENT_ID: undefined }),
    ).toEqual([]);
  });

  it("the journeys' server pins both off, as it pins the offline map", () => {
    const source = readFileSync(join(import.meta.dirname, '../../../e2e/support/server.ts'), 'utf8');
    expect(source).toContain("ROUTER_KIND: 'none'");
    expect(source).toContain("ELEVATION_KIND: 'none'");
  });
});
