import { callPath } from '@cordata/contract';
import { describe, expect, it } from 'vitest';
import { newAccount, PASSWORD } from '../support/accounts.ts';
import { contextsClosedAfterEach, locales, screenshot, testId } from '../support/browser.ts';
import { mailsTo } from '../support/server.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Security review L4: passwords guessed from many addresses at once never lock the owner out. Past the
 * account-wide cap, signing in asks for a code the server e-mails when the password is right.
 */

// Rate limits on, and the guessers' addresses taken from X-Forwarded-For, as behind a proxy.
const suite = journeySuite({ RATE_LIMITS: 'true', TRUST_PROXY: 'loopback' });
const contexts = contextsClosedAfterEach('sign-in-code');
const GUESSES = 50; // AUTH_RATE_RULES['sign-in'].email.limit

async function guessFromEverywhere(email: string) {
  for (let i = 0; i < GUESSES; i++) {
    const res = await fetch(`${suite.server.url}${callPath('auth/email/sign-in')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
      body: JSON.stringify({ email, password: `Guess#${i}xyz` }),
    });
    expect(res.status).toBe(401);
  }
}

async function newestCode(email: string, subject: string) {
  for (let i = 0; i < 40; i++) {
    const [mail] = await mailsTo(suite.server.url, email);
    const code = /^(\d{6})$/m.exec(mail?.text ?? '')?.[1];
    if (code && mail?.subject === subject) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${subject} mailed to ${email}`);
}

describe('signing in while an account is under attack', () => {
  for (const locale of locales) {
    it(`asks the owner for the e-mailed code, then lets them in (${locale})`, async () => {
      const account = await newAccount(suite.server.url, { firstName: 'Bianca', lastName: 'Neve' });
      await guessFromEverywhere(account.email);

      const page = await openPhone(suite.browser, suite.server.url, contexts, locale, '/login');
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
