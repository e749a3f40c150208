import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Account, newAccount } from '../support/accounts.ts';
import { launchBrowser, locales, phoneContext, screenshot, testId } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { seedToken } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;
let ada: Account;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({ webMode: 'app' });
  browser = await launchBrowser();
  ada = await newAccount(server.url, { firstName: 'Ada', lastName: 'Rossi' });
});
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function homeFilters(context: BrowserContext): Promise<Page> {
  contexts.push(context);
  await seedToken(context, ada.jwt);
  const page = await context.newPage();
  await page.goto('/home');
  await page.click(testId('open-home-filters'));
  await page.waitForSelector(testId('home-filters'));
  return page;
}

const expected = {
  en: {
    disabled: 'Location is turned off. Activate it manually in the settings of your phone.',
    forli: 'Forlì, Emilia-Romagna, Italy',
    near: 'Near Milan, Lombardy, Italy',
  },
  it: {
    disabled: 'La localizzazione è disattivata. Attivala manualmente nelle impostazioni del telefono.',
    forli: 'Forlì, Emilia-Romagna, Italia',
    near: 'Vicino a Milano, Lombardia, Italia',
  },
};

describe.each(locales)('place search in the home filters (%s)', (locale) => {
  it('with location denied: says to activate it manually, and the search still finds places', async () => {
    const page = await homeFilters(await phoneContext(browser, locale, server.url));
    await page.click(testId('filters-use-my-position'));
    expect(await page.textContent(testId('geolocation-message'))).toBe(expected[locale].disabled);

    await page.fill(testId('filters-place-input'), 'forli');
    await page.waitForSelector(testId('filters-place-option-0'));
    expect(await page.textContent(testId('filters-place-option-0'))).toBe(expected[locale].forli.replace(', ', ''));
    await screenshot(page, `location-filters-search-${locale}`);

    await page.tap(testId('filters-place-option-0'));
    expect(await page.textContent(testId('filters-chosen-place'))).toContain(expected[locale].forli);
    await page.tap(testId('filters-radius-50'));
    await page.tap(testId('filters-apply'));
    await page.waitForSelector(testId('home-filters'), { state: 'detached' });
    // Reopened, the sheet starts from what the UI store kept.
    await page.click(testId('open-home-filters'));
    expect(await page.textContent(testId('filters-chosen-place'))).toContain(expected[locale].forli);
    expect(await page.isChecked(`${testId('filters-radius-50')} input`)).toBe(true);
  });

  it('with location allowed: names the position through get-address', async () => {
    const context = await phoneContext(browser, locale, server.url);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 45.4642, longitude: 9.19 });
    const page = await homeFilters(context);
    await page.click(testId('filters-use-my-position'));
    await page.waitForSelector(`${testId('filters-chosen-place')}:has-text("${expected[locale].near}")`);
    await screenshot(page, `location-filters-position-${locale}`);
  });
});

describe.each(locales)('place search in the activity wizard (%s)', (locale) => {
  it('builds a drawn route from searched places: the start, then the finish', async () => {
    const context = await phoneContext(browser, locale, server.url);
    contexts.push(context);
    await seedToken(context, ada.jwt);
    const page = await context.newPage();
    await page.goto('/home');
    await page.click(testId('create-activity'));
    await page.waitForSelector(testId('wizard-info'));
    await page.fill(testId('activity-name-input'), 'Lago di Como');
    await page.waitForSelector(`${testId('activity-sport-input')} option:nth-child(2)`, { state: 'attached' });
    await page.selectOption(testId('activity-sport-input'), { index: 1 });
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.fill(testId('activity-date-input'), tomorrow);
    await page.fill(testId('activity-start-input'), '09:00');
    await page.fill(testId('activity-end-input'), '13:00');
    await page.click(testId('wizard-next'));
    await page.click(testId('path-route'));
    await page.waitForSelector(testId('wizard-route'));

    await page.fill(testId('route-place-input'), 'lecco');
    await page.tap(testId('route-place-option-0'));
    await page.fill(testId('route-place-input'), 'bellagio');
    await page.waitForSelector(`${testId('route-place-option-0')}:has-text("Bellagio")`);
    await screenshot(page, `location-wizard-route-${locale}`);
    await page.tap(testId('route-place-option-0'));
    expect(await page.textContent(testId('route-point-count'))).toMatch(/2/);
  });
});
