import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallName, callNames, callPath, calls } from '@cordata/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './app.ts';
import { newUser } from './factories.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await newUser(t)).token;
});
afterAll(() => t.close());

const post = (name: string, payload?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/space/cordata/database/${name}`, payload, headers });

describe('the contract on the wire', () => {
  it('registers every call of the contract (the 82 of the specification are counted in contract.test)', () => {
    expect(callNames.length).toBeGreaterThanOrEqual(83);
    // hasRoute, not the printed tree: a call whose path prefixes another's (activity/weather and
    // activity/weather-thresholds) is printed as a branch of it.
    const missing = callNames.filter(
      (name) => !t.app.hasRoute({ method: 'POST', url: `/api/space/cordata/database/${name}` }),
    );
    expect(missing).toEqual([]);
  });

  it.each(callNames.filter((n) => calls[n].auth))('%s refuses a call without a token with 401', async (name) => {
    const res = await post(name, '{}', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
  });

  it.each(callNames.filter((n) => calls[n].body !== null))('%s answers 400 to a missing body', async (name) => {
    const headers: Record<string, string> = calls[name].auth ? { authorization: `Bearer ${token}` } : {};
    const res = await post(name, undefined, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BODY_REQUIRED');
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await post('auth/email/sign-in', '{"email": "a@b.c",', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('answers 400 with the issues to a body of the wrong shape', async () => {
    const res = await post('activity/read-info', JSON.stringify({ activityId: 'not-an-id' }), {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'activityId' }] });
  });

  it('refuses prototype pollution keys', async () => {
    const res = await post('auth/email/sign-in', '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}', {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a NUL character anywhere in the body, which PostgreSQL text cannot hold', async () => {
    const res = await post('auth/email/sign-in', JSON.stringify({ email: 'a@b.co', password: 'pass\u0000word' }), {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('answers 413 to a body over 1 MB', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) });
    const res = await post('auth/email/sign-in', big, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('takes a GPX route of several megabytes inline, but no more than the GPX limit', async () => {
    const gpx = `<gpx>${'<wpt lat="45.1" lon="9.1"/>'.repeat(100_000)}</gpx>`;
    const body = (g: string) =>
      JSON.stringify({
        name: 'Big route',
        sportId: 'hiking',
        date: '2031-01-01',
        startTime: '08:00',
        endTime: '09:00',
        access: 'OPEN',
        visibility: 'PUBLIC',
        difficulty: 'EASY',
        route: { mode: 'GPX', gpx: g },
      });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    expect((await post('activity/create-new', body(gpx), headers)).statusCode).not.toBe(413);
    expect((await post('activity/create-new', body('x'.repeat(21 * 1024 * 1024)), headers)).statusCode).toBe(413);
    expect(
      (await post('activity/read-info', JSON.stringify({ activityId: 'x'.repeat(2 * 1024 * 1024) }), headers))
        .statusCode,
    ).toBe(413);
  });

  it('answers a JSON 404 to an unknown path under the prefix', async () => {
    const res = await post('activity/does-not-exist', '{}', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('accepts a call that takes no body when sent without one', async () => {
    const res = await post('sport/list-all', undefined, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
  });
});

describe('the bearer guard', () => {
  const check = (bearer: string) => post('sport/list-all', undefined, { authorization: `Bearer ${bearer}` });

  it('lets a valid token through', async () => {
    expect((await check(token)).statusCode).toBe(200);
  });

  it('refuses a tampered token, alg none and a foreign key', async () => {
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...payload, sub: crypto.randomUUID() })).toString('base64url');
    expect((await check(`${h}.${forgedPayload}.${s}`)).statusCode).toBe(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await check(`${none}.${p}.`)).statusCode).toBe(401);
    const foreign = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await check(foreign)).statusCode).toBe(401);
    expect((await check('garbage')).statusCode).toBe(401);
  });

  it('reads a standard HS256 JWT: one signed by a JWT library with its key passes, an expired one does not', async () => {
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const signedBy = (claims: object) =>
      new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(t.config.keys.sessions.signing);
    expect((await check(await signedBy(payload))).statusCode).toBe(200);
    expect((await check(await signedBy({ ...payload, exp: Math.floor(Date.now() / 1000) - 1 }))).statusCode).toBe(401);
    expect((await check(await signedBy({ ...payload, iss: 'someone-else' }))).statusCode).toBe(401);
  });

  it('refuses a revoked session at once', async () => {
    const user = await newUser(t);
    expect((await check(user.token)).statusCode).toBe(200);
    await t.db.update(sessions).set({ revokedAt: new Date() });
    expect((await check(user.token)).statusCode).toBe(401);
    token = (await newUser(t)).token;
  });
});

describe('operations', () => {
  it('answers /healthz once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('serves an OpenAPI document generated from the contract with every call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const name of callNames) expect(doc.paths).toHaveProperty(callPath(name as CallName));
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('names the origins pages may load from, and no tag manager unless configured (review L6)', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp).not.toContain('googletagmanager');
    expect(csp).not.toMatch(/(img|connect)-src[^;]*\shttps:(\s|;)/);
    expect(csp).not.toMatch(/connect-src[^;]*\s(wss?:)(\s|;)/);
    const configured = await createTestApp({
      MAP_STYLE_URL: 'https://tiles.example.org/styles/liberty.json',
      TAG_MANAGER_ANDROID_ID: 'GTM-TEST',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cordata.example.org',
    });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/healthz' });
      const header = String(res.headers['content-security-policy']);
      expect(header).toMatch(/img-src[^;]*https:\/\/tiles\.example\.org/);
      // The tag manager's origin is no script source: anyone can publish a container there.
      expect(header).not.toMatch(/script-src[^;]*googletagmanager/);
      // The API browser lists the admin calls too: not in production.
      expect((await configured.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    } finally {
      await configured.close();
    }
  });

  it('with a tag manager, gives each entry page a fresh nonce that its scripts carry (review L6)', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'cordata-web-'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/vendor-1.js"></head><body></body></html>',
    );
    const configured = await createTestApp({ TAG_MANAGER_IOS_ID: 'GTM-TEST', WEB_DIST_DIR: webDir });
    try {
      const pages = await Promise.all([1, 2].map(() => configured.app.inject({ method: 'GET', url: '/home' })));
      const nonces = pages.map((page) => {
        const policy = String(page.headers['content-security-policy']);
        const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic' 'self'/.exec(policy)?.[1];
        expect(nonce).toBeTruthy();
        expect(page.body).toContain(`<script nonce="${nonce}" type="module" crossorigin src="/assets/index-1.js">`);
        expect(page.body).toContain(`<link rel="modulepreload" nonce="${nonce}"`);
        expect(page.body.match(/<script(?![^>]*nonce=)/g)).toBeNull();
        return nonce;
      });
      expect(nonces[0]).not.toBe(nonces[1]);
      // Everything else keeps the plain policy.
      const api = await configured.app.inject({ method: 'GET', url: '/healthz' });
      expect(String(api.headers['content-security-policy'])).not.toContain('nonce-');
    } finally {
      await configured.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });

  it('allows CORS only for the app and Capacitor origins', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: callPath('sport/list-all'),
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    const refused = await t.app.inject({
      method: 'OPTIONS',
      url: callPath('sport/list-all'),
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('falls back to the entry page for unknown app paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/some/unknown/path' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('serves the live-update version as plain text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/release/latest' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('sport/list-all', () => {
  it('serves the seeded outdoor sports with icons and intensity kinds', async () => {
    const { sports } = await t.ok('sport/list-all', undefined, token);
    expect(sports.length).toBeGreaterThanOrEqual(15);
    for (const sport of sports) {
      expect(sport.icon).toBeTruthy();
      expect(sport.names.it).toBeTruthy();
      expect(sport.intensityKinds.length).toBeGreaterThan(0);
    }
  });
});
