import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, EnvSchema, loadConfig } from './config.ts';

const base = { DATA_DIR: '/tmp/cordata-config-test', JWT_SECRET: 'x'.repeat(32) };

describe('configuration', () => {
  it('has embedded defaults for everything', () => {
    const config = loadConfig(base);
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PRODUCT_SLUG).toBe('cordata');
    expect(config.WEB_MODE).toBe('app');
    expect(config.apiPrefix).toBe('/api/space/cordata/database');
    expect(config.rateLimits).toBe(true);
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('keeps rate limits on in every mode unless RATE_LIMITS=false says otherwise (review H4)', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const env = { ...base, NODE_ENV, PUBLIC_URL: 'https://cordata.example.org' };
      expect(loadConfig(env).rateLimits).toBe(true);
      expect(loadConfig({ ...env, RATE_LIMITS: 'false' }).rateLimits).toBe(false);
    }
  });

  it('needs PUBLIC_URL in production, so no link is ever built from a request header there (review L-N1)', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL is required when NODE_ENV=production/,
    );
    expect(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://cordata.example.org' }).PUBLIC_URL).toBe(
      'https://cordata.example.org',
    );
    // The quick start (npm start, NODE_ENV unset) needs nothing.
    expect(loadConfig(base).PUBLIC_URL).toBeUndefined();
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or addresses (review H1)', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'anyone' })).toThrow(/TRUST_PROXY/);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'localhost:6379'],
    ['WEB_MODE', 'kiosk'],
    ['JWT_SECRET', 'short'],
    ['PUBLIC_URL', 'not a url'],
    ['ELEVATION_URL', 'api.open-meteo.com'],
    ['ELEVATION_KIND', 'google'],
    ['ELEVATION_TIMEOUT_MS', '10'],
  ])('refuses a bad %s with a message that names it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name);
  });

  it('chooses a role with CORDATA_ROLE: jobs everywhere but on web, split roles on PostgreSQL only (issue 37)', () => {
    const postgres = { ...base, DATABASE_URL: 'postgres://db/cordata', REDIS_URL: 'redis://cache' };
    expect(loadConfig(base)).toMatchObject({ CORDATA_ROLE: 'all', JOBS: true });
    expect(loadConfig({ ...base, JOBS: 'false' }).JOBS).toBe(false);
    expect(loadConfig({ ...postgres, CORDATA_ROLE: 'web' }).JOBS).toBe(false);
    expect(loadConfig({ ...postgres, CORDATA_ROLE: 'web', JOBS: 'true' }).JOBS).toBe(true);
    expect(loadConfig({ ...postgres, CORDATA_ROLE: 'worker' }).JOBS).toBe(true);
    expect(loadConfig({ ...base, CORDATA_ROLE: 'migrate' }).CORDATA_ROLE).toBe('migrate');
    expect(() => loadConfig({ ...base, CORDATA_ROLE: 'api' })).toThrow(/CORDATA_ROLE/);
    expect(() => loadConfig({ ...base, CORDATA_ROLE: 'web' })).toThrow(/CORDATA_ROLE=web needs DATABASE_URL/);
    expect(() => loadConfig({ ...postgres, CORDATA_ROLE: 'worker', REDIS_URL: '' })).toThrow(
      /CORDATA_ROLE=worker needs REDIS_URL/,
    );
    expect(() => loadConfig({ ...postgres, CORDATA_ROLE: 'worker', JOBS: 'false' })).toThrow(/JOBS=false/);
  });

  it('refuses half an S3 or FCM configuration', () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...base, FCM_PROJECT_ID: 'p' })).toThrow(/FCM_ACCESS_TOKEN/);
  });

  it('keeps the safety escalation within its bounds (each step within 5 minutes of its time)', () => {
    const config = loadConfig(base);
    expect([config.SAFETY_ALERT_AFTER_MINUTES, config.SAFETY_CONTACTS_AFTER_MINUTES]).toEqual([60, 30]);
    expect([config.SAFETY_LINK_HOURS, config.SAFETY_JOB_EVERY_MS]).toEqual([48, 60_000]);
    expect(loadConfig({ ...base, SAFETY_ALERT_AFTER_MINUTES: '90' }).SAFETY_ALERT_AFTER_MINUTES).toBe(90);
    expect(() => loadConfig({ ...base, SAFETY_JOB_EVERY_MS: '300001' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SAFETY_ALERT_AFTER_MINUTES: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SAFETY_LINK_HOURS: 'soon' })).toThrow(ConfigError);
  });

  it('takes an elevation service only with both its URL and its format', () => {
    expect(() => loadConfig({ ...base, ELEVATION_URL: 'https://api.open-meteo.com' })).toThrow(/ELEVATION_KIND/);
    expect(() => loadConfig({ ...base, ELEVATION_KIND: 'open-meteo' })).toThrow(/ELEVATION_URL/);
    const config = loadConfig({ ...base, ELEVATION_URL: 'https://dem.example', ELEVATION_KIND: 'open-elevation' });
    expect(config).toMatchObject({ ELEVATION_KIND: 'open-elevation', ELEVATION_TIMEOUT_MS: 4000 });
  });

  it('keeps a generated JWT secret across starts when none is set', () => {
    const dir = `/tmp/cordata-config-secret-${process.pid}`;
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.keys.sessions.signing.equals(b.keys.sessions.signing)).toBe(true);
  });
});

describe('docs/configuration.md', () => {
  it('documents every environment variable', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/configuration.md'), 'utf8');
    for (const name of Object.keys(EnvSchema.shape)) expect(doc, name).toContain(`\`${name}\``);
  });
});
