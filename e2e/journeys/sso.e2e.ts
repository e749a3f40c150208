import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInUser, startStandInProvider } from '../../apps/server/test/oidc-provider.ts';
import { call, newAccount } from '../support/accounts.ts';
import {
  contextsClosedAfterEach,
  expectToast,
  type Locale,
  locales,
  phoneContext,
  screenshot,
  testId,
} from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { seedToken } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Single sign-on (issue 41) through a stand-in OpenID Connect provider on 127.0.0.1 (discovery, keys, authorization,
 * tokens: apps/server/test/oidc-provider.ts), on a phone, in English and Italian: a new person signs up with the
 * provider and goes on to the profile wizard, then signs in again straight to the home; an identity whose e-mail
 * the provider has not verified never takes over an existing account; a person with a password links the provider
 * in Settings. A second server runs OIDC-only: the entry screen has no password form.
 *
 * The server sends the provider back to `http://localhost:<port>/auth/callback` (no PUBLIC_URL), so the phone opens
 * the app at that origin: the sign-in it started is kept in that origin's storage.
 */
let provider: Awaited<ReturnType<typeof startStandInProvider>>;
const env: Record<string, string> = {};
beforeAll(async () => {
  provider = await startStandInProvider({ clientId: 'cordata-e2e' });
  Object.assign(env, {
    OIDC_PROVIDERS: 'club',
    OIDC_CLUB_ISSUER: provider.issuer,
    OIDC_CLUB_CLIENT_ID: 'cordata-e2e',
    OIDC_CLUB_LABEL: 'Alpine Club',
  });
});
afterAll(() => provider?.close());
const suite = journeySuite(env);
const contexts = contextsClosedAfterEach('sso');

const origin = (server: RunningServer) => `http://localhost:${server.port}`;

async function phone(locale: Locale, server: RunningServer, path: string, jwt?: string): Promise<Page> {
  const context = await phoneContext(suite.browser, locale, origin(server));
  contexts.push(context);
  if (jwt) await seedToken(context, jwt);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** Continue with Alpine Club, as `who`, from the entry screen: the provider signs them in and sends them back. */
async function continueWithProvider(page: Page, who: StandInUser) {
  provider.signInAs(who);
  await page.click(testId('sso-club'));
}

/** The session the app keeps after a sign-in through the provider. */
async function sessionOf(page: Page): Promise<string> {
  const jwt = await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      const found = /"jwt":"([^"]+)"/.exec(localStorage.getItem(key) ?? '');
      if (found) return found[1]!;
    }
    return null;
  });
  expect(jwt).not.toBeNull();
  return jwt!;
}

/** The profile wizard's answers, through the API (the wizard has a journey of its own). */
async function completeProfile(jwt: string, username: string) {
  const { sports } = await call(suite.server.url, 'sport/list-all', undefined, jwt);
  await call(
    suite.server.url,
    'auth/create-profile',
    {
      firstName: 'Nora',
      lastName: 'Sso',
      username: `${username}${Date.now().toString(36).slice(-4)}`,
      birthDate: '1992-03-04',
      gender: 'UNSPECIFIED',
      country: 'IT',
      city: 'Lecco',
      sports: [{ sportId: sports[0]!.sportId, intensity: { kind: sports[0]!.intensityKinds[0]!, value: 10_000 } }],
    },
    jwt,
  );
}

const text = {
  en: { button: 'Continue with Alpine Club', linked: 'Account linked', confirmed: 'Confirmed.' },
  it: { button: 'Continua con Alpine Club', linked: 'Account collegato', confirmed: 'Confermato.' },
};

describe('single sign-on', () => {
  for (const locale of locales) {
    describe(`(${locale})`, () => {
      it('signs up through the provider into the profile wizard, then signs in again to the home', async () => {
        const who = { sub: `new-${locale}`, email: `nuova.${locale}@example.test`, email_verified: true };
        const page = await phone(locale, suite.server, '/login');
        const button = await page.waitForSelector(testId('sso-club'));
        expect(await button.textContent()).toBe(text[locale].button);
        await screenshot(page, `sso-1-entry-${locale}`);
        await continueWithProvider(page, who);
        // A new account: on to the wizard, as after a sign-up with a password.
        await page.waitForURL(/\/create-profile/);
        await screenshot(page, `sso-2-wizard-${locale}`);
        const jwt = await sessionOf(page);
        await completeProfile(jwt, `nora${locale}`);

        // Signed out (a new phone), the same person comes back through the provider, straight to the home.
        const again = await phone(locale, suite.server, '/login');
        await again.waitForSelector(testId('sso-club'));
        await continueWithProvider(again, who);
        await again.waitForURL(/\/home/);
        const methods = await call(suite.server.url, 'auth/list-sign-in-methods', undefined, jwt!);
        expect(methods).toMatchObject({ password: false, identities: [{ provider: 'club', email: who.email }] });
      });

      it('never lets an identity with an unverified e-mail take over an existing account', async () => {
        const owner = await newAccount(suite.server.url, { firstName: 'Olga', lastName: 'Owner' });
        const page = await phone(locale, suite.server, '/login');
        await page.waitForSelector(testId('sso-club'));
        await continueWithProvider(page, { sub: `taker-${locale}`, email: owner.email, email_verified: false });
        const failure = await page.waitForSelector(testId('sso-failure'));
        expect(await failure.textContent()).toMatch(
          locale === 'en' ? /has not verified your e-mail address/ : /non ha verificato/,
        );
        await screenshot(page, `sso-3-unverified-${locale}`);
        // Nothing was linked to the account, and its password still signs in.
        const methods = await call(suite.server.url, 'auth/list-sign-in-methods', undefined, owner.jwt);
        expect(methods).toEqual({ password: true, identities: [] });
      });

      it('deletes an account that has no password after confirming at the provider', async () => {
        const who = { sub: `leaver-${locale}`, email: `leaver.${locale}@example.test`, email_verified: true };
        const page = await phone(locale, suite.server, '/login');
        await page.waitForSelector(testId('sso-club'));
        await continueWithProvider(page, who);
        await page.waitForURL(/\/create-profile/);
        const jwt = await sessionOf(page);
        await completeProfile(jwt, `leaver${locale}`);
        await page.goto('/home');
        await page.click(testId('open-account'));
        await page.click(testId('account-settings'));
        await page.click(testId('settings-account'));
        // No password to type: the provider confirms it is them, and the app comes back to this section.
        await page.click(testId('settings-delete-reauth-club'));
        // The section was there before the click: the toast says the round trip through the provider is over.
        await expectToast(page, text[locale].confirmed);
        await page.waitForSelector(testId('settings-delete-reauth'));
        await screenshot(page, `sso-6-delete-confirmed-${locale}`);
        await page.click(testId('settings-delete-account'));
        await page.click(testId('feedback-button'));
        await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/welcome');
        const gone = await fetch(`${suite.server.url}/api/space/cordata/database/user/own-profile`, {
          method: 'POST',
          headers: { authorization: `Bearer ${jwt}` },
        });
        expect(gone.status).toBe(401);
      });

      it('links the provider in Settings, and it then signs the person in', async () => {
        const person = await newAccount(suite.server.url, { firstName: 'Luca', lastName: 'Link' });
        const page = await phone(locale, suite.server, '/home', person.jwt);
        await page.click(testId('open-account'));
        await page.click(testId('account-settings'));
        await page.click(testId('settings-security'));
        await page.waitForSelector(testId('link-club'));
        provider.signInAs({ sub: `linked-${locale}`, email: 'someone.else@example.test', email_verified: true });
        await page.click(testId('link-club'));
        // Back from the provider: Settings → Security again, with the provider among the ways in.
        await expectToast(page, text[locale].linked);
        await page.waitForSelector(testId('method-club'));
        await screenshot(page, `sso-4-linked-${locale}`);
        expect(await page.textContent(testId('sign-in-methods'))).toContain('Alpine Club');

        const phone2 = await phone(locale, suite.server, '/login');
        await phone2.waitForSelector(testId('sso-club'));
        await continueWithProvider(phone2, { sub: `linked-${locale}`, email: 'someone.else@example.test' });
        await phone2.waitForURL(/\/home/);
      });
    });
  }
});

describe('OIDC-only', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { ...env, PASSWORD_SIGN_IN: 'off' } });
  });
  afterAll(() => server?.stop());

  it.each(locales)('has no password form on the entry screen, only the provider (%s)', async (locale) => {
    const page = await phone(locale, server, '/login');
    await page.waitForSelector(testId('sso-club'));
    expect(await page.locator(testId('login-email')).count()).toBe(0);
    expect(await page.locator(testId('login-submit')).count()).toBe(0);
    await screenshot(page, `sso-5-oidc-only-${locale}`);
  });
});
