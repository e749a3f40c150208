import { callPath } from '@cordata/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.ts';
import { contextsClosedAfterEach, launchBrowser, locales, screenshot, testId } from '../support/browser.ts';
import { mailsTo, type RunningServer, startServer } from '../support/server.ts';
import { openPhone } from '../support/session.ts';

/**
 * Security review L4: passwords guessed from many addresses at once never lock the owner out. Past the
 * account-wide cap, signing in asks for a code the server e-mails when the password is right.
 */

let server: RunningServer;
let browser: Browser;
const contexts = contextsClosedAfterEach('sign-in-code');
const PASSWORD = 'Trail#Run9x'; // newAccount's
const GUESSES = 50; // AUTH_RATE_RULES['sign-in'].email.limit

beforeAll(async () => {
  server = await startServer({
    webMode: 'app',
    // Rate limits on, and the guessers' addresses taken from X-Forwarded-For as behind a proxy.
    env: {
      RATE_LIMITS: 'true',
      TRUST_PROXY: 'loopback',
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function guessFromEverywhere(email: string) {
  for (let i = 0; i < GUESSES; i++) {
    const res = await fetch(`${server.url}${callPath('auth/email/sign-in')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
      body: JSON.stringify({ email, password: `Guess#${i}xyz` }),
    });
    expect(res.status).toBe(401);
  }
}

async function newestCode(email: string, subject: string) {
  for (let i = 0; i < 40; i++) {
    const [mail] = await mailsTo(server.url, email);
    const code = /^(\d{6})$/m.exec(mail?.text ?? '')?.[1];
    if (code && mail?.subject === subject) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${subject} mailed to ${email}`);
}

describe('signing in while an account is under attack', () => {
  for (const locale of locales) {
    it(`asks the owner for the e-mailed code, then lets them in (${locale})`, async () => {
      const account = await newAccount(server.url, { firstName: 'Bianca', lastName: 'Neve' });
      await guessFromEverywhere(account.email);

      const page = await openPhone(browser, server.url, contexts, locale, '/login');
      await page.fill(testId('login-email'), account.email);
      await page.fill(testId('login-password'), PASSWORD);
      await page.click(testId('login-submit'));
      await page.waitForSelector(testId('login-code'));
      await screenshot(page, `auth-login-code-${locale}`);

      // The account was made in English: its mail is too, whatever the phone's language.
      const code = await newestCode(account.email, 'Your sign-in code');
      await page.fill(testId('code-digit-0'), code);
      await page.click(testId('login-submit'));
      await page.waitForURL('**/home');
    });
  }
});
