import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { type StandInProvider, startStandInProvider } from '../../../test/oidc-provider.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { oidcIdentities, oidcLogins, sessions, users } from '../../db/schema.ts';
import { publicRuntimeConfig } from '../../web/web.ts';

const CLIENT_ID = 'cordata-test';
const CLIENT_SECRET = 'stand-in-secret';

let idp: StandInProvider;
let t: TestApp;
beforeAll(async () => {
  idp = await startStandInProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, path: '/realms/club' });
  t = await createTestApp({
    PUBLIC_URL: 'https://cordata.example.test',
    OIDC_PROVIDERS: 'club',
    OIDC_CLUB_ISSUER: idp.issuer,
    OIDC_CLUB_CLIENT_ID: CLIENT_ID,
    OIDC_CLUB_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_CLUB_LABEL: 'Alpine Club',
    OIDC_JWKS_COOLDOWN_SECONDS: '0',
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

let n = 0;
const freshEmail = () => `sso${++n}.${Date.now()}@example.test`;
const freshSub = () => `sub-${++n}-${Date.now()}`;

/** Starts at the provider, signs in there as the stand-in's current person, and comes back: the code, state and binding. */
async function throughProvider(start: () => Promise<{ url: string; binding: string }>) {
  const { url, binding } = await start();
  const back = await idp.authorize(url);
  return { ...back, binding };
}
const startSignIn = () =>
  t.ok('auth/oidc/start', { provider: 'club', acceptTerms: true, acceptPrivacy: true, language: 'it' });
async function signIn() {
  const { code, state, binding } = await throughProvider(startSignIn);
  return t.call('auth/oidc/finish', { code, state, binding });
}
const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];
const identitiesOf = (userId: string) => t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, userId));

describe('configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/cordata-oidc-config', JWT_SECRET: 'x'.repeat(40) };
  it('reads each provider from OIDC_<NAME>_*', () => {
    const config = loadConfig({
      ...base,
      OIDC_PROVIDERS: 'keycloak, google',
      OIDC_KEYCLOAK_ISSUER: 'https://id.example.org/realms/club',
      OIDC_KEYCLOAK_CLIENT_ID: 'cordata',
      OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
      OIDC_GOOGLE_CLIENT_ID: 'g',
      OIDC_GOOGLE_CLIENT_SECRET: 's',
      OIDC_GOOGLE_SCOPES: 'email profile',
    });
    expect(config.oidc).toEqual([
      expect.objectContaining({ id: 'keycloak', label: 'Keycloak', scopes: ['openid', 'email', 'profile'] }),
      expect.objectContaining({ id: 'google', clientSecret: 's', scopes: ['openid', 'email', 'profile'] }),
    ]);
    expect(config.passwordSignIn).toBe(true);
  });
  it('refuses a provider without issuer or client id, naming the variables', () => {
    expect(() => loadConfig({ ...base, OIDC_PROVIDERS: 'club', OIDC_CLUB_ISSUER: 'not a url' })).toThrow(
      /OIDC_CLUB_ISSUER[\s\S]*OIDC_CLUB_CLIENT_ID/,
    );
  });
  it('refuses PASSWORD_SIGN_IN=off without a provider', () => {
    expect(() => loadConfig({ ...base, PASSWORD_SIGN_IN: 'off' })).toThrow(ConfigError);
  });
  it('nothing configured: no provider, passwords on', async () => {
    const plain = await createTestApp();
    try {
      expect(await plain.ok('auth/sign-in-options')).toEqual({ passwordSignIn: true, providers: [] });
      expect(
        (await plain.call('auth/oidc/start', { provider: 'club', acceptTerms: true, acceptPrivacy: true })).body,
      ).toMatchObject({ error: { code: 'OIDC_PROVIDER_UNKNOWN' } });
    } finally {
      await plain.close();
    }
  });
});

describe('starting', () => {
  it('tells the web app in index.html, with nothing secret', () => {
    const injected = publicRuntimeConfig(t.config);
    expect(injected.signIn).toEqual({ passwordSignIn: true, providers: [{ id: 'club', label: 'Alpine Club' }] });
    expect(JSON.stringify(injected)).not.toContain(CLIENT_SECRET);
  });

  it('lists the provider with its label', async () => {
    expect(await t.ok('auth/sign-in-options')).toEqual({
      passwordSignIn: true,
      providers: [{ id: 'club', label: 'Alpine Club' }],
    });
  });

  it('sends the person to the provider with PKCE S256, state and nonce, and keeps only hashes of state and binding', async () => {
    const { url, binding } = await startSignIn();
    const p = new URL(url).searchParams;
    expect(url.startsWith(`${idp.issuer}/authorize?`)).toBe(true);
    expect(Object.fromEntries(p)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: 'https://cordata.example.test/auth/callback',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(p.get('state')).toMatch(/^[\w-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const rows = await t.db.select().from(oidcLogins);
    expect(rows.some((r) => r.stateHash === p.get('state') || r.bindingHash === binding)).toBe(false);
  });

  it('needs the terms accepted', async () => {
    const res = await t.call('auth/oidc/start', { provider: 'club' } as never);
    expect(res.status).toBe(400);
  });
});

describe('signing in', () => {
  it('a new person: an account with the verified e-mail, no password, the profile still to complete', async () => {
    const email = freshEmail();
    const sub = freshSub();
    idp.signInAs({ sub, email, email_verified: true });
    const res = await signIn();
    expect(res).toMatchObject({ status: 200, body: { completed: false } });
    const user = (await userByEmail(email))!;
    expect(user).toMatchObject({ passwordHash: null, language: 'it', completed: false });
    expect(user.emailConfirmedAt).not.toBeNull();
    expect(user.termsVersion).not.toBeNull();
    expect(await identitiesOf(user.id)).toEqual([expect.objectContaining({ provider: 'club', subject: sub, email })]);
    // The wizard is the next step, as after a password sign-up.
    const token = (res.body as { jwt: string }).jwt;
    expect((await t.call('user/list-blocked', undefined, token)).body).toMatchObject({
      error: { code: 'PROFILE_INCOMPLETE' },
    });
    // The token exchange carried the PKCE verifier and the client's secret.
    const form = idp.tokenRequests.at(-1)!;
    expect(form.get('code_verifier')).toMatch(/^[\w-]{43}$/);
    expect(form.get('client_secret')).toBe(CLIENT_SECRET);
  });

  it('an existing account with the same e-mail, verified by the provider: linked and signed in', async () => {
    const person = await newUser(t);
    const sub = freshSub();
    idp.signInAs({ sub, email: person.email.toUpperCase(), email_verified: true });
    const res = await signIn();
    expect(res).toMatchObject({ status: 200, body: { completed: true } });
    expect(await identitiesOf(person.id)).toEqual([expect.objectContaining({ subject: sub })]);
  });

  it('a returning identity: found by (provider, sub), whatever e-mail the provider now gives', async () => {
    const person = await newUser(t);
    const sub = freshSub();
    idp.signInAs({ sub, email: person.email, email_verified: true });
    expect((await signIn()).status).toBe(200);
    idp.signInAs({ sub, email: 'changed@example.test', email_verified: false });
    const again = await signIn();
    expect(again.status).toBe(200);
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, person.id))
      .orderBy(sessions.createdAt);
    expect(session).toBeDefined();
    expect(await userByEmail('changed@example.test')).toBeUndefined();
  });

  it('an unverified e-mail never takes over an existing account', async () => {
    const person = await newUser(t);
    for (const email_verified of [false, 'false', undefined] as const) {
      idp.signInAs({ sub: freshSub(), email: person.email, email_verified });
      const res = await signIn();
      expect(res).toMatchObject({ status: 403, body: { error: { code: 'OIDC_EMAIL_UNVERIFIED' } } });
    }
    expect(await identitiesOf(person.id)).toEqual([]);
  });

  it('an unverified or missing e-mail makes no new account either', async () => {
    const email = freshEmail();
    idp.signInAs({ sub: freshSub(), email, email_verified: false });
    expect((await signIn()).body).toMatchObject({ error: { code: 'OIDC_EMAIL_UNVERIFIED' } });
    idp.signInAs({ sub: freshSub() });
    expect((await signIn()).body).toMatchObject({ error: { code: 'OIDC_EMAIL_UNVERIFIED' } });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('an unconfirmed password sign-up on the address: the provider proves the inbox and the pending password goes', async () => {
    const email = freshEmail();
    await t.ok('auth/email/sign-up', { email, password: 'Trail#Run9x', acceptTerms: true, acceptPrivacy: true });
    idp.signInAs({ sub: freshSub(), email, email_verified: true });
    expect((await signIn()).status).toBe(200);
    const user = (await userByEmail(email))!;
    expect(user.passwordHash).toBeNull();
    expect(user.emailConfirmedAt).not.toBeNull();
  });

  it('a suspended account is refused', async () => {
    const person = await newUser(t);
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(users.id, person.id));
    idp.signInAs({ sub: freshSub(), email: person.email, email_verified: true });
    expect((await signIn()).body).toMatchObject({ error: { code: 'ACCOUNT_SUSPENDED' } });
  });
});

describe("the provider's answer is checked", () => {
  const refused = async (spoil: Parameters<StandInProvider['spoil']>[0]) => {
    idp.signInAs({ sub: freshSub(), email: freshEmail(), email_verified: true });
    idp.spoil(spoil);
    try {
      return await signIn();
    } finally {
      idp.spoil({});
    }
  };
  it.each([
    ['a wrong issuer', { issuer: 'https://evil.example.test' }],
    ['a wrong audience', { audience: 'another-client' }],
    ['several audiences without this client as azp', { audience: [CLIENT_ID, 'another-client'] }],
    ['an expired token', { shiftSeconds: -20 * 60 }],
    ['a token from the future', { shiftSeconds: 10 * 60 }],
    ['a bad signature', { foreignKey: true }],
    ['a wrong nonce', { nonce: 'not-the-nonce' }],
  ])('%s', async (_what, spoil) => {
    const res = await refused(spoil);
    expect(res).toMatchObject({ status: 401, body: { error: { code: 'OIDC_FAILED' } } });
  });

  it('a small clock skew is allowed', async () => {
    expect((await refused({ shiftSeconds: 30 })).status).toBe(200);
  });

  it('an unknown kid fetches the keys again: a rotation at the provider is followed', async () => {
    idp.signInAs({ sub: freshSub(), email: freshEmail(), email_verified: true });
    expect((await signIn()).status).toBe(200);
    const before = idp.jwksFetches;
    await idp.rotateKeys();
    idp.signInAs({ sub: freshSub(), email: freshEmail(), email_verified: true });
    expect((await signIn()).status).toBe(200);
    expect(idp.jwksFetches).toBe(before + 1);
    // Known keys are not fetched again.
    idp.signInAs({ sub: freshSub(), email: freshEmail(), email_verified: true });
    expect((await signIn()).status).toBe(200);
    expect(idp.jwksFetches).toBe(before + 1);
  });

  it('a replayed state is refused, and so is its code', async () => {
    idp.signInAs({ sub: freshSub(), email: freshEmail(), email_verified: true });
    const back = await throughProvider(startSignIn);
    expect((await t.call('auth/oidc/finish', back)).status).toBe(200);
    expect(await t.call('auth/oidc/finish', back)).toMatchObject({
      status: 400,
      body: { error: { code: 'OIDC_STATE_INVALID' } },
    });
  });

  it('a state from another browser (wrong binding) is refused and spent', async () => {
    idp.signInAs({ sub: freshSub(), email: freshEmail(), email_verified: true });
    const back = await throughProvider(startSignIn);
    const other = { ...back, binding: 'x'.repeat(43) };
    expect((await t.call('auth/oidc/finish', other)).body).toMatchObject({ error: { code: 'OIDC_STATE_INVALID' } });
    expect((await t.call('auth/oidc/finish', back)).body).toMatchObject({ error: { code: 'OIDC_STATE_INVALID' } });
  });

  it('an unknown or expired state is refused', async () => {
    idp.signInAs({ sub: freshSub(), email: freshEmail(), email_verified: true });
    const back = await throughProvider(startSignIn);
    expect((await t.call('auth/oidc/finish', { ...back, state: 'made-up' })).body).toMatchObject({
      error: { code: 'OIDC_STATE_INVALID' },
    });
    await t.db.update(oidcLogins).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.call('auth/oidc/finish', back)).body).toMatchObject({ error: { code: 'OIDC_STATE_INVALID' } });
  });

  it('without the right PKCE verifier the provider gives no token', async () => {
    idp.signInAs({ sub: freshSub(), email: freshEmail(), email_verified: true });
    const back = await throughProvider(startSignIn);
    // The verifier kept for this state is not the one the challenge was made from.
    await t.db.update(oidcLogins).set({ codeVerifier: 'x'.repeat(43) });
    expect(await t.call('auth/oidc/finish', back)).toMatchObject({
      status: 401,
      body: { error: { code: 'OIDC_FAILED' } },
    });
  });
});

describe('linking in Settings', () => {
  async function link(token: string, purpose?: 'link' | 'reauthenticate') {
    const back = await throughProvider(() => t.ok('auth/oidc/link-start', { provider: 'club', purpose }, token));
    return t.call('auth/oidc/link-finish', back, token);
  }

  it('links an identity whatever its e-mail, lists it, and signs in with it', async () => {
    const person = await newUser(t);
    const sub = freshSub();
    idp.signInAs({ sub, email: 'other-address@example.test', email_verified: false });
    expect((await link(person.token)).status).toBe(200);
    expect(await t.ok('auth/list-sign-in-methods', undefined, person.token)).toEqual({
      password: true,
      identities: [
        { provider: 'club', label: 'Alpine Club', email: 'other-address@example.test', linkedAt: expect.any(String) },
      ],
    });
    expect((await signIn()).status).toBe(200);
    expect((await t.call('auth/oidc/link-start', { provider: 'club' }, person.token)).body).toMatchObject({
      error: { code: 'OIDC_ALREADY_LINKED' },
    });
  });

  it("never takes someone else's identity", async () => {
    const first = await newUser(t);
    const second = await newUser(t);
    const sub = freshSub();
    idp.signInAs({ sub, email: freshEmail(), email_verified: true });
    expect((await link(first.token)).status).toBe(200);
    expect((await link(second.token)).body).toMatchObject({ error: { code: 'OIDC_IDENTITY_TAKEN' } });
  });

  it("a link started by one person cannot be finished by another (the answer is bound to the starter's account)", async () => {
    const starter = await newUser(t);
    const victim = await newUser(t);
    idp.signInAs({ sub: freshSub(), email: freshEmail(), email_verified: true });
    const back = await throughProvider(() => t.ok('auth/oidc/link-start', { provider: 'club' }, starter.token));
    expect((await t.call('auth/oidc/link-finish', back, victim.token)).body).toMatchObject({
      error: { code: 'OIDC_STATE_INVALID' },
    });
    // Nor is a sign-in's answer a link's, or the other way round.
    const signInBack = await throughProvider(startSignIn);
    expect((await t.call('auth/oidc/link-finish', signInBack, victim.token)).body).toMatchObject({
      error: { code: 'OIDC_STATE_INVALID' },
    });
  });

  it('keeps at least one way in', async () => {
    const email = freshEmail();
    idp.signInAs({ sub: freshSub(), email, email_verified: true });
    const { jwt } = (await signIn()).body as { jwt: string };
    expect(await t.call('auth/oidc/unlink', { provider: 'club' }, jwt)).toMatchObject({ status: 403 });
    const user = (await userByEmail(email))!;
    await t.db.update(users).set({ completed: true }).where(eq(users.id, user.id));
    t.core.tokens.sessionsChanged(user.id);
    expect((await t.call('auth/oidc/unlink', { provider: 'club' }, jwt)).body).toMatchObject({
      error: { code: 'LAST_SIGN_IN_METHOD' },
    });
    expect(await t.ok('auth/list-sign-in-methods', undefined, jwt)).toMatchObject({ password: false });
    // With a password, the provider can go.
    const person = await newUser(t);
    idp.signInAs({ sub: freshSub(), email: freshEmail(), email_verified: true });
    expect((await link(person.token)).status).toBe(200);
    expect((await t.call('auth/oidc/unlink', { provider: 'club' }, person.token)).status).toBe(200);
    expect(await identitiesOf(person.id)).toEqual([]);
    expect((await t.call('auth/oidc/unlink', { provider: 'club' }, person.token)).body).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
  });

  it('signing in again with the linked provider opens the sensitive calls, with another identity it does not', async () => {
    const person = await newUser(t);
    const sub = freshSub();
    idp.signInAs({ sub, email: freshEmail(), email_verified: true });
    expect((await link(person.token)).status).toBe(200);
    idp.signInAs({ sub: freshSub(), email: freshEmail(), email_verified: true });
    expect((await link(person.token, 'reauthenticate')).body).toMatchObject({ error: { code: 'OIDC_FAILED' } });
    idp.signInAs({ sub, email: freshEmail(), email_verified: true });
    expect((await link(person.token, 'reauthenticate')).status).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, person.sessionId));
    expect(row?.reauthenticatedAt).not.toBeNull();
  });
});

describe('OIDC-only (PASSWORD_SIGN_IN=off)', () => {
  let only: TestApp;
  beforeAll(async () => {
    only = await createTestApp({
      OIDC_PROVIDERS: 'club',
      OIDC_CLUB_ISSUER: idp.issuer,
      OIDC_CLUB_CLIENT_ID: CLIENT_ID,
      OIDC_CLUB_CLIENT_SECRET: CLIENT_SECRET,
      PASSWORD_SIGN_IN: 'off',
    });
  });
  afterAll(() => only?.close());

  it('tells the app, and every password call refuses with PASSWORD_SIGN_IN_OFF', async () => {
    expect(await only.ok('auth/sign-in-options')).toEqual({
      passwordSignIn: false,
      providers: [{ id: 'club', label: 'Club' }],
    });
    const person = await newUser(only);
    const password = 'Trail#Run9x';
    const answers = [
      await only.call('auth/email/sign-in', { email: person.email, password }),
      await only.call('auth/email/sign-up', { email: freshEmail(), password, acceptTerms: true, acceptPrivacy: true }),
      await only.call('auth/email/send-reset-password-otp', { email: person.email }),
      await only.call('auth/reauthenticate', { password }, person.token),
      await only.call('auth/email/confirm-change-password', { currentPassword: password, password }, person.token),
    ];
    for (const res of answers) {
      expect(res).toMatchObject({ status: 403, body: { error: { code: 'PASSWORD_SIGN_IN_OFF' } } });
    }
  });

  it('signs in through the provider, and a password does not count as a way in', async () => {
    const person = await newUser(only);
    idp.signInAs({ sub: freshSub(), email: person.email, email_verified: true });
    const fresh = await throughProviderOn(only);
    expect((await only.call('auth/oidc/finish', fresh)).status).toBe(200);
    expect(await only.ok('auth/list-sign-in-methods', undefined, person.token)).toMatchObject({ password: false });
    expect((await only.call('auth/oidc/unlink', { provider: 'club' }, person.token)).body).toMatchObject({
      error: { code: 'LAST_SIGN_IN_METHOD' },
    });
  });
});

async function throughProviderOn(app: TestApp) {
  const { url, binding } = await app.ok('auth/oidc/start', {
    provider: 'club',
    acceptTerms: true,
    acceptPrivacy: true,
  });
  return { ...(await idp.authorize(url)), binding };
}

describe('form_post (Apple)', () => {
  it('POST /auth/callback passes code and state on to the page with a 303', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=abc&state=def&user=%7B%7D',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth/callback?code=abc&state=def');
  });
});
