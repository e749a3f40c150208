import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { expectToast, type Locale, launchBrowser, locales, screenshot, testId } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { openPhone } from '../support/session.ts';

/**
 * People between two phones: Ada finds Bruno by name and asks to connect, Bruno accepts, Ada
 * removes him again; then Ada edits her profile and changes her picture. Screenshots in both languages.
 */
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({
    webMode: 'app',
    env: process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {},
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function phoneOf(account: Account, locale: Locale, path: string): Promise<Page> {
  return openPhone(browser, server.url, contexts, locale, path, account.jwt);
}

const connectionWith = async (viewer: Account, other: Account) =>
  (await call(server.url, 'user/profile', { userId: other.userId }, viewer.jwt)).connection;

describe('contacts between two people', () => {
  it('sends, accepts and removes a contact from two browser contexts', async () => {
    const ada = await newAccount(server.url, { firstName: 'Ada', lastName: 'Rossi' });
    const bruno = await newAccount(server.url, { firstName: 'Bruno', lastName: 'Bianchi' });

    const adaPage = await phoneOf(ada, 'en', '/contacts');
    await adaPage.click(testId('contacts-tab-explore'));
    await adaPage.fill(testId('contacts-search'), 'bruno');
    await adaPage.click(testId(`connection-request-${bruno.userId}`));
    await adaPage.waitForSelector(testId(`connection-remove-${bruno.userId}`));
    expect(await connectionWith(ada, bruno)).toBe('REQUEST_SENT');

    const brunoPage = await phoneOf(bruno, 'en', '/contacts');
    await brunoPage.click(testId('contacts-tab-requests'));
    await brunoPage.waitForSelector(testId('requests-received'));
    await brunoPage.click(testId(`connection-accept-${ada.userId}`));
    await brunoPage.click(testId('contacts-tab-contacts'));
    await brunoPage.waitForSelector(`${testId('contacts-list')} ${testId(`person-${ada.userId}`)}`);
    expect(await connectionWith(ada, bruno)).toBe('CONTACT');

    await adaPage.click(testId('contacts-tab-contacts'));
    await adaPage.click(`${testId(`person-${bruno.userId}`)} button`);
    await adaPage.waitForSelector(`${testId('profile-connection')}[data-connection="CONTACT"]`);
    await adaPage.click(testId(`connection-remove-${bruno.userId}`));
    await adaPage.click(testId('feedback-button')); // confirm the removal
    await adaPage.waitForSelector(`${testId('profile-connection')}[data-connection="NONE"]`);
    expect(await connectionWith(bruno, ada)).toBe('NONE');
  });
});

describe('long lists', () => {
  it.each(locales)('reaches the second page of requests and of explore results with Load more (%s)', async (locale) => {
    const me = await newAccount(server.url, { firstName: 'Paola', lastName: 'Lista' });
    // Twelve people, one more page than spec §9's 10, all asking to connect.
    const askers = [];
    for (let i = 0; i < 12; i++) {
      const asker = await newAccount(server.url, { firstName: `Pag${locale}${i}`, lastName: `Paginata${locale}` });
      await call(server.url, 'user/request-connection', { userId: me.userId }, asker.jwt);
      askers.push(asker);
    }
    const rows = (list: string) => page.locator(`${testId(list)} li`).count();
    const page = await phoneOf(me, locale, '/contacts');
    await page.click(testId('contacts-tab-requests'));
    await page.waitForSelector(testId('requests-received'));
    expect(await rows('requests-received')).toBe(10);
    await page.click(testId('requests-received-more'));
    await page.waitForFunction(
      (selector) => document.querySelectorAll(selector).length === 12,
      `${testId('requests-received')} li`,
    );
    expect(await page.locator(testId('requests-received-more')).count()).toBe(0);

    await page.click(testId('contacts-tab-explore'));
    await page.fill(testId('contacts-search'), `paginata${locale}`);
    await page.waitForFunction(
      (selector) => document.querySelectorAll(selector).length === 10,
      `${testId('explore-list')} li`,
    );
    const more = page.locator(testId('explore-more'));
    expect(await more.textContent()).toBe(locale === 'it' ? 'Carica altri' : 'Load more');
    await more.scrollIntoViewIfNeeded();
    await screenshot(page, `people-explore-more-${locale}`);
    await more.click();
    await page.waitForFunction(
      (selector) => document.querySelectorAll(selector).length === 12,
      `${testId('explore-list')} li`,
    );
    expect(await rows('explore-list')).toBe(12);
    expect(await page.locator(testId('explore-more')).count()).toBe(0);
    for (const asker of askers) await page.waitForSelector(testId(`person-${asker.userId}`));
  });
});

describe('own profile', () => {
  it('edits the profile and changes the picture, with the success message', async () => {
    const ada = await newAccount(server.url, { firstName: 'Adele', lastName: 'Verdi' });
    const page = await phoneOf(ada, 'en', '/contacts');
    await page.click(testId('open-account'));
    await page.click(testId('account-settings'));
    await page.click(testId('settings-user'));
    await page.fill(testId('settings-city'), 'Lecco');
    await page.click(testId('settings-user-save'));
    await expectToast(page, 'Your profile has been saved.');
    expect((await call(server.url, 'user/own-profile', undefined, ada.jwt)).user.city).toBe('Lecco');

    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2e7d32' } })
      .jpeg()
      .toBuffer();
    await page.setInputFiles(testId('settings-picture-input'), {
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await expectToast(page);
    const { user } = await call(server.url, 'user/own-profile', undefined, ada.jwt);
    expect(user.profilePicture).toMatch(/\/uploads\/pictures\//);
    const served = await fetch(user.profilePicture!);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const avatar = page.locator(`${testId('settings-user-form')} img.avatar`);
    await avatar.waitFor();
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
  });
});

describe('screenshots', () => {
  it.each(locales)('contacts, a profile and the settings in %s', async (locale) => {
    const me = await newAccount(server.url, { firstName: locale === 'it' ? 'Giulia' : 'Grace', lastName: 'Neri' });
    const other = await newAccount(server.url, { firstName: locale === 'it' ? 'Marco' : 'Mark', lastName: 'Galli' });
    const third = await newAccount(server.url, { firstName: locale === 'it' ? 'Sara' : 'Sarah', lastName: 'Conti' });
    await call(server.url, 'user/request-connection', { userId: me.userId }, third.jwt);
    const page = await phoneOf(me, locale, '/contacts');
    await page.click(testId('contacts-tab-explore'));
    await page.waitForSelector(testId('explore-list'));
    await screenshot(page, `people-explore-${locale}`);
    await page.click(testId('contacts-tab-requests'));
    await page.waitForSelector(testId('requests-received'));
    await screenshot(page, `people-requests-${locale}`);
    await page.goto(`/profile/${other.userId}`);
    await page.waitForSelector(testId('profile-view'));
    await screenshot(page, `people-profile-${locale}`);
    await page.goto('/contacts');
    await page.click(testId('open-account'));
    await page.click(testId('account-settings'));
    await page.click(testId('settings-user'));
    await page.waitForSelector(testId('settings-user-form'));
    await screenshot(page, `people-settings-user-${locale}`);
    await page.click(testId('settings-user'));
    await page.click(testId('settings-sports'));
    await page.waitForSelector(testId('settings-sports-form'));
    await screenshot(page, `people-settings-sports-${locale}`);
    await page.click(testId('settings-sports'));
    await page.click(testId('settings-notifications'));
    await page.waitForSelector(testId('notifications-form'));
    await screenshot(page, `people-settings-notifications-${locale}`);
  });
});
