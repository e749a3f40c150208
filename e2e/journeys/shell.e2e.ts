import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backgroundOf,
  type Locale,
  launchBrowser,
  locales,
  phoneContext,
  screenshot,
  testId,
  touchSwipe,
} from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { fakeSignedInApi, seedToken } from '../support/session.ts';

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

async function open(locale: Locale, path: string, setup?: (c: BrowserContext) => Promise<void>): Promise<Page> {
  context = await phoneContext(browser, locale, server.url);
  await setup?.(context);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/**
 * The path exists in the current route set: it renders a screen of its own, not the entry screen.
 * (A screen may send on to a sibling, e.g. /confirm-email without a pending address.)
 */
async function expectRoute(page: Page, path: string) {
  await page.goto(path);
  await page.waitForSelector('main');
  expect(await page.locator(testId('entry-screen')).count()).toBe(0);
}

/** The path is unknown in the current route set: the entry screen. */
async function expectEntry(page: Page, path: string) {
  await page.goto(path);
  await page.waitForSelector(testId('entry-screen'));
}
const text = { en: { tagline: 'Find your next outdoor partner' }, it: { tagline: 'Trova il tuo prossimo compagno' } };
// Design tokens: --color-error-red and --color-blue.
const RED = 'rgb(179, 38, 30)';
const BLUE = 'rgb(27, 101, 168)';

describe.each(locales)('app shell (%s)', (locale) => {
  it('shows the entry screen at / and at an unknown path', async () => {
    const page = await open(locale, '/');
    await page.waitForSelector(testId('entry-screen'));
    expect(await page.textContent(testId('entry-screen'))).toContain(text[locale].tagline);
    expect(await page.getAttribute('html', 'lang')).toBe(locale);
    await screenshot(page, `entry-${locale}`);

    await page.goto('/no/such/page');
    await page.waitForSelector(testId('entry-screen'));
    expect(page.url()).toContain('/no/such/page');
  });

  it('logged out: splash → welcome, the logged-out set, and no logged-in routes', async () => {
    const page = await open(locale, '/');
    await page.click(testId('entry-screen'));
    await page.waitForURL('**/welcome');
    await page.waitForSelector(testId('welcome-slide-1'));
    await screenshot(page, `welcome-1-${locale}`);
    // The slides follow a finger: a swipe to the left shows the next one, to the right the previous one.
    await touchSwipe(page, { x: 320, y: 400 }, 80);
    await page.waitForSelector(testId('welcome-slide-2'));
    await touchSwipe(page, { x: 80, y: 400 }, 320);
    await page.waitForSelector(testId('welcome-slide-1'));
    await page.click(testId('welcome-next'));
    await page.click(testId('welcome-next'));
    await page.waitForSelector(testId('welcome-slide-3'));
    await screenshot(page, `welcome-3-${locale}`);
    await page.click(testId('welcome-next'));
    await page.waitForURL('**/sign-up');
    await page.waitForSelector(testId('sign-up-screen'));

    for (const path of ['/forgot-password', '/change-password', '/confirm-email', '/login', '/privacy', '/terms']) {
      await expectRoute(page, path);
    }
    await page.waitForSelector(testId('legal-terms'));
    await screenshot(page, `terms-${locale}`);
    await page.goto('/privacy');
    await page.waitForSelector(testId('legal-privacy'));
    await screenshot(page, `privacy-${locale}`);

    // A logged-in path is unknown without a token: the entry screen, then the startup routing.
    for (const path of ['/home', '/contacts', '/groups', '/calendar', '/chats', '/notifications', '/create-profile']) {
      await expectEntry(page, path);
    }
    await page.click(testId('entry-screen'));
    await page.waitForURL('**/sign-up'); // the welcome was seen above
  });

  it('a token whose own-profile load fails goes to /login with a red error', async () => {
    const page = await open(locale, '/', (c) => seedToken(c, 'not-a-real-token'));
    await page.click(testId('entry-screen'));
    await page.waitForURL('**/login');
    await page.waitForSelector(testId('feedback-modal'));
    expect(await page.getAttribute(testId('feedback-modal'), 'data-kind')).toBe('error');
    expect(await backgroundOf(page, testId('feedback-button'))).toBe(RED);
    await screenshot(page, `feedback-error-${locale}`);
    await page.click(testId('feedback-button'));
    await page.waitForSelector(testId('login-screen'));
    // The server refused the token (401): the session is gone, so is the logged-in set.
    expect(await page.evaluate(() => localStorage.getItem('cordata:auth'))).toContain('"jwt":null');
  });

  it('logged in: startup → /home, the menu, the logged-in set, no logged-out routes', async () => {
    const page = await open(locale, '/', async (c) => {
      await seedToken(c, 'signed-in');
      await fakeSignedInApi(c, { unreadNotifications: 3 });
    });
    await page.click(testId('entry-screen'));
    await page.waitForURL('**/home');
    await page.waitForSelector(testId('bottom-menu'));
    await page.waitForSelector(testId('badge-notifications'));
    expect(await page.textContent(testId('badge-notifications'))).toContain('3');
    await screenshot(page, `shell-home-${locale}`);

    for (const tab of ['contacts', 'groups', 'calendar', 'chats', 'home'] as const) {
      await page.click(testId(`menu-${tab}`));
      await page.waitForURL(`**/${tab}`);
      await page.waitForSelector(`${testId(`menu-${tab}`)}.active[aria-current="page"]`);
    }
    await page.click(testId('menu-contacts'));
    await page.waitForSelector(testId('bottom-menu'));
    await screenshot(page, `contacts-${locale}`);

    for (const path of ['/view-group/g1', '/view-activity/a1', '/profile/u1', '/notifications', '/create-profile']) {
      await expectRoute(page, path);
    }
    for (const path of ['/sign-up', '/forgot-password', '/change-password', '/confirm-email']) {
      await expectEntry(page, path);
    }
    // A logged-out path is unknown with a token: the entry screen, then home.
    await expectEntry(page, '/welcome');
    await page.click(testId('entry-screen'));
    await page.waitForURL('**/home');
  });

  it('a sheet closes when swiped from the left edge, not from the middle', async () => {
    const page = await open(locale, '/sign-up');
    await page.click(testId('open-terms'));
    const sheet = testId('sheet-legal-info');
    await page.waitForSelector(`${sheet} ${testId('legal-terms')}`);
    await page.waitForTimeout(400); // the slide-in animation
    await screenshot(page, `sheet-legal-${locale}`);

    // From the middle of the screen: ignored, however far.
    await touchSwipe(page, { x: 200, y: 420 }, 389);
    await page.waitForTimeout(300);
    expect(await page.locator(sheet).getAttribute('data-closing')).toBeNull();

    // From the edge, under half the width: snaps back.
    await touchSwipe(page, { x: 10, y: 420 }, 150);
    await page.waitForTimeout(300);
    expect(await page.locator(sheet).getAttribute('data-closing')).toBeNull();
    expect(await page.locator(sheet).evaluate((el) => getComputedStyle(el).transform)).toMatch(
      /none|matrix\(1, 0, 0, 1, 0, 0\)/,
    );

    // From the edge, beyond half the width: slides out, then is removed.
    await touchSwipe(page, { x: 10, y: 420 }, 260);
    await page.waitForSelector(`${sheet}[data-closing]`);
    await page.waitForSelector(sheet, { state: 'detached', timeout: 2000 });

    // Beyond 90%: removed at once.
    await page.click(testId('open-privacy'));
    await page.waitForSelector(`${testId('sheet-legal-info')} ${testId('legal-privacy')}`);
    await page.waitForTimeout(400);
    await touchSwipe(page, { x: 5, y: 420 }, 385);
    expect(await page.locator(sheet).count()).toBe(0);
  });

  it('the legal sheet accepts, and the back action follows the steps', async () => {
    const page = await open(locale, '/', async (c) => {
      await seedToken(c, 'signed-in');
      await fakeSignedInApi(c);
    });
    await page.goto('/home');
    await page.click(testId('open-account'));
    await page.waitForSelector(testId('account-step-options'));
    await page.click(testId('account-settings'));
    await page.waitForSelector(testId('account-step-settings'));
    await screenshot(page, `account-settings-${locale}`);
    await page.click(testId('settings-security'));
    await page.waitForSelector(testId('account-step-security'));
    await page.click(testId('sheet-back'));
    await page.waitForSelector(testId('account-step-settings'));
    await page.click(testId('settings-privacy'));
    await page.waitForSelector(testId('legal-privacy'));
    await page.click(testId('sheet-back'));
    await page.waitForSelector(testId('account-step-settings'));
    await page.click(testId('sheet-back'));
    await page.waitForSelector(testId('account-step-options'));
    await page.click(testId('sheet-back'));
    await page.waitForSelector(testId('sheet-account'), { state: 'detached', timeout: 2000 });

    // Log out asks for confirmation: a blue button.
    await page.click(testId('open-account'));
    await page.click(testId('account-logout'));
    await page.waitForSelector(testId('feedback-modal'));
    expect(await page.getAttribute(testId('feedback-modal'), 'data-kind')).toBe('info');
    expect(await backgroundOf(page, testId('feedback-button'))).toBe(BLUE);
    await screenshot(page, `feedback-confirm-${locale}`);
    await page.click(testId('feedback-cancel'));
    await page.waitForSelector(testId('feedback-modal'), { state: 'detached' });
    await page.click(testId('account-logout'));
    await page.click(testId('feedback-button'));
    await page.waitForSelector(testId('entry-screen'));
    expect(await page.evaluate(() => localStorage.getItem('cordata:auth'))).toContain('"jwt":null');
  });

  it('legal-info calls its accept handler', async () => {
    const page = await open(locale, '/sign-up');
    await page.click(testId('open-terms'));
    await page.click(testId('legal-accept'));
    await page.waitForSelector(testId('sheet-legal-info'), { state: 'detached', timeout: 2000 });
    expect(await page.isChecked(testId('accept-terms'))).toBe(true);
  });
});
