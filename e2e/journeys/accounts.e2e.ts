import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectToast,
  type Locale,
  launchBrowser,
  locales,
  phoneContext,
  screenshot,
  testId,
} from '../support/browser.ts';
import { mailsTo as mailsToServer, type RunningServer, startServer } from '../support/server.ts';

/**
 * The whole way in, on a server with nothing configured (mail in the outbox, read at /dev/mailbox):
 * welcome → sign-up → confirm with the mailed code → profile wizard → /home → log out → log in;
 * then a forgotten password reset. Screenshots of every screen, in both languages.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  server = await startServer({ webMode: 'app' });
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(locale: Locale, path: string): Promise<Page> {
  context = await phoneContext(browser, locale, server.url);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

const mailsTo = (email: string) => mailsToServer(server.url, email);

/** The code of the newest mail to an address (the dev mailbox lists newest first), once there are `count` mails. */
async function mailedCode(email: string, count = 1): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const mails = await mailsTo(email);
    const code = /^(\d{6})$/m.exec(mails[0]?.text ?? '')?.[1];
    if (code && mails.length >= count) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${email}`);
}

const text = {
  en: {
    required: '* Required field',
    mismatch: '* Passwords do not match',
    terms: 'Accept the terms and the privacy policy',
    codeMismatch: 'The code entered does not match',
    codeIncomplete: 'Enter the complete code',
    invalid: 'Invalid credentials',
    sport: 'Choose at least one sport',
    subject: 'Confirm your e-mail address',
    currentWrong: 'The current password is not correct',
  },
  it: {
    required: '* Campo obbligatorio',
    mismatch: '* Le password non coincidono',
    terms: "Accetta i termini e l'informativa sulla privacy",
    codeMismatch: 'Il codice inserito non corrisponde',
    codeIncomplete: 'Inserisci il codice completo',
    invalid: 'Credenziali non valide',
    sport: 'Scegli almeno uno sport',
    subject: 'Conferma il tuo indirizzo e-mail',
    currentWrong: 'La password attuale non è corretta',
  },
};

const PASSWORD = 'Trail#Run9x';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const NEW_PASSWORD = 'Summit#Peak42';
const CHANGED_PASSWORD = 'Ridge#Walk73';

describe.each(locales)('accounts (%s)', (locale) => {
  const tag = `${locale}${Date.now().toString(36)}`;
  const email = `hiker.${tag}@example.test`;
  const username = `hiker${tag}`.replace(/[^a-z0-9]/g, '').slice(0, 20);

  it('welcome → sign-up → confirm → profile wizard → home → log out → log in', async () => {
    const page = await open(locale, '/');
    await page.click(testId('entry-screen'));
    await page.waitForSelector(testId('welcome-screen'));
    for (let i = 0; i < 3; i++) await page.click(testId('welcome-next'));

    // Sign-up: the inline messages of spec §5, then the legal texts accepted through their sheet.
    await page.waitForSelector(testId('sign-up-screen'));
    await screenshot(page, `auth-sign-up-${locale}`);
    await page.click(testId('sign-up-submit'));
    expect(await page.textContent(testId('sign-up-email-problem'))).toBe(text[locale].required);
    expect(await page.textContent(testId('sign-up-legal-problem'))).toBe(text[locale].terms);
    await page.fill(testId('sign-up-email'), email);
    await page.fill(testId('sign-up-password'), PASSWORD);
    await page.fill(testId('sign-up-repeat'), `${PASSWORD}x`);
    expect(await page.textContent(testId('sign-up-repeat-problem'))).toBe(text[locale].mismatch);
    await screenshot(page, `auth-sign-up-problems-${locale}`);
    await page.fill(testId('sign-up-repeat'), PASSWORD);
    for (const type of ['terms', 'privacy']) {
      await page.click(testId(`accept-${type}`));
      await page.waitForSelector(testId('legal-accept'));
      if (type === 'terms') await screenshot(page, `auth-sign-up-legal-${locale}`);
      await page.click(testId('legal-accept'));
      await page.waitForSelector(testId('sheet-legal-info'), { state: 'detached', timeout: 3000 });
      expect(await page.isChecked(testId(`accept-${type}`))).toBe(true);
    }
    await page.click(testId('sign-up-submit'));

    // Confirmation: an incomplete code, a wrong code, then the mailed one.
    await page.waitForSelector(testId('confirm-email-screen'));
    const code = await mailedCode(email);
    expect((await mailsTo(email))[0]!.subject).toBe(text[locale].subject);
    expect(await page.isDisabled(testId('confirm-resend'))).toBe(true);
    await page.click(testId('confirm-submit'));
    expect(await page.textContent(testId('code-problem'))).toBe(text[locale].codeIncomplete);
    await page.fill(testId('code-digit-0'), String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await page.waitForSelector(`${testId('code-problem')}:has-text("${text[locale].codeMismatch}")`);
    await screenshot(page, `auth-confirm-email-${locale}`);
    await page.fill(testId('code-digit-0'), code);

    // The wizard's six steps.
    await page.waitForSelector(testId('profile-step-intro'));
    await screenshot(page, `auth-profile-1-intro-${locale}`);
    await page.click(testId('profile-next'));
    await page.waitForSelector(testId('profile-step-picture'));
    await screenshot(page, `auth-profile-2-picture-${locale}`);
    // A chosen photo is previewed, then uploaded through upload/get-upload-url on Continue.
    await page.setInputFiles(testId('profile-picture-input'), { name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.waitForSelector(testId('profile-picture-preview'));
    await screenshot(page, `auth-profile-2-picture-chosen-${locale}`);
    await page.click(testId('profile-next'));
    await page.waitForSelector(testId('profile-step-personal'));
    await page.click(testId('profile-next'));
    expect(await page.textContent(testId('profile-first-name-problem'))).toBe(text[locale].required);
    await page.fill(testId('profile-first-name'), 'Giulia');
    await page.fill(testId('profile-last-name'), "D'Angelo");
    await page.fill(testId('profile-username'), username);
    await page.fill(testId('profile-birth-date'), '1994-03-08');
    await page.selectOption(testId('profile-gender'), 'FEMALE');
    await page.fill(testId('profile-country'), 'Italia');
    await page.fill(testId('profile-city'), 'Forlì');
    await screenshot(page, `auth-profile-3-personal-${locale}`);
    await page.click(testId('profile-next'));
    await page.waitForSelector(testId('profile-step-sports'));
    await page.waitForSelector(testId('sport-hiking'));
    await page.click(testId('profile-next'));
    expect(await page.textContent(testId('sports-problem'))).toBe(text[locale].sport);
    await page.click(testId('sport-hiking'));
    await page.click(testId('sport-running'));
    await screenshot(page, `auth-profile-4-sports-${locale}`);
    await page.click(testId('profile-next'));
    await page.waitForSelector(testId('profile-step-intensity'));
    await page.selectOption(testId('intensity-kind-hiking'), 'ELEVATION');
    await page.fill(testId('intensity-value-hiking'), '900');
    await page.selectOption(testId('intensity-kind-running'), 'PACE');
    await page.fill(testId('intensity-value-running'), '5:30');
    await screenshot(page, `auth-profile-5-intensity-${locale}`);
    await page.click(testId('profile-submit'));
    await page.waitForSelector(testId('profile-step-done'));
    await screenshot(page, `auth-profile-6-done-${locale}`);
    await page.click(testId('profile-done'));
    await page.waitForURL('**/home');

    // Log out: token, completed and filters go.
    await page.click(testId('open-account'));
    await page.click(testId('account-logout'));
    await page.click(testId('feedback-button'));
    await page.waitForSelector(testId('entry-screen'));
    expect(await page.evaluate(() => localStorage.getItem('cordata:auth'))).toContain('"jwt":null');

    // Log in again: a wrong password first.
    await page.goto('/login');
    await page.waitForSelector(testId('login-screen'));
    await screenshot(page, `auth-login-${locale}`);
    await page.fill(testId('login-email'), email.toUpperCase());
    await page.fill(testId('login-password'), 'Wrong#Pass1');
    await page.click(testId('login-submit'));
    await page.waitForSelector(`${testId('form-error')}:has-text("${text[locale].invalid}")`);
    await screenshot(page, `auth-login-error-${locale}`);
    await page.fill(testId('login-password'), PASSWORD);
    await page.click(testId('login-submit'));
    await page.waitForURL('**/home');
    expect(await page.evaluate(() => localStorage.getItem('cordata:auth'))).toContain('"completed":true');
    // The profile holds what the wizard collected, the uploaded picture included.
    const jwt = JSON.parse((await page.evaluate(() => localStorage.getItem('cordata:auth')))!).state.jwt as string;
    const res = await fetch(`${server.url}/api/space/cordata/database/user/own-profile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}` },
    });
    const { user } = (await res.json()) as { user: Record<string, unknown> };
    expect(user).toMatchObject({
      username,
      firstName: 'Giulia',
      city: 'Forlì',
      completed: true,
      language: locale,
      sports: expect.arrayContaining([
        { sportId: 'hiking', intensity: { kind: 'ELEVATION', value: 900 } },
        { sportId: 'running', intensity: { kind: 'PACE', value: 330 } },
      ]),
    });
    expect(user.profilePicture).toEqual(expect.any(String));

    // The signed-in password change, in the account sheet: a wrong current password keeps the session.
    await page.click(testId('open-account'));
    await page.click(testId('account-settings'));
    await page.click(testId('settings-security'));
    await page.waitForSelector(testId('signed-in-password-form'));
    await page.fill(testId('security-current-password'), 'Wrong#Pass1');
    await page.fill(testId('security-new-password'), CHANGED_PASSWORD);
    await page.fill(testId('security-repeat'), CHANGED_PASSWORD);
    await page.click(testId('security-submit'));
    await page.waitForSelector(`${testId('form-error')}:has-text("${text[locale].currentWrong}")`);
    await screenshot(page, `auth-security-${locale}`);
    await page.fill(testId('security-current-password'), PASSWORD);
    await page.click(testId('security-submit'));
    await expectToast(page, /Your password has been changed|La password è stata cambiata/);
    expect(await page.locator(testId('feedback-modal')).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('cordata:auth'))).toContain('"completed":true');
  });

  it('a forgotten password: the address, the mailed code, a new password, then sign-in', async () => {
    const page = await open(locale, '/login');
    await page.click(testId('to-forgot-password'));
    await page.waitForSelector(testId('forgot-password-screen'));
    await page.fill(testId('forgot-email'), 'nobody@example.test');
    await page.click(testId('forgot-submit'));
    await page.waitForSelector(testId('form-error'));
    await screenshot(page, `auth-forgot-password-${locale}`);
    const before = (await mailsTo(email)).length;
    await page.fill(testId('forgot-email'), email);
    await page.click(testId('forgot-submit'));
    await page.waitForSelector(testId('forgot-step-code'));
    const code = await mailedCode(email, before + 1);
    await screenshot(page, `auth-forgot-code-${locale}`);
    await page.fill(testId('code-digit-0'), code);
    await page.waitForSelector(testId('change-password-screen'));
    await page.fill(testId('change-password'), NEW_PASSWORD);
    await page.fill(testId('change-repeat'), 'Summit#Peak43');
    await page.click(testId('change-submit'));
    await screenshot(page, `auth-change-password-${locale}`);
    await page.fill(testId('change-repeat'), NEW_PASSWORD);
    await page.click(testId('change-submit'));
    await expectToast(page);
    await page.waitForSelector(testId('login-screen'));
    await page.fill(testId('login-email'), email);
    await page.fill(testId('login-password'), NEW_PASSWORD);
    await page.click(testId('login-submit'));
    await page.waitForURL('**/home');
  });
});
