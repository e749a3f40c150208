import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { contextsClosedAfterEach, locales, screenshot, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Partner fit (issue 24) on a phone, in English and Italian: Carla runs up to 12 km. Home's cards near Milan
 * say which runs are within her level, a stretch or above it; "Fits my level" keeps only the first; the page of
 * the long one says why it is above.
 */
const suite = journeySuite();
let carla: Account;
const ids: Record<'short' | 'longer' | 'long', string> = { short: '', longer: '', long: '' };
const contexts = contextsClosedAfterEach('partner-fit');

/** A straight run north from the Duomo of `km` kilometres (1° of latitude is 111.2 km). */
const runOf = (name: string, km: number) =>
  pointsActivity({
    name,
    route: {
      mode: 'POINTS',
      start: { latitude: 45.4642, longitude: 9.19 },
      destination: { latitude: 45.4642 + km / 111.2, longitude: 9.19 },
      routeSteps: [],
    },
  });

beforeAll(async () => {
  const { server } = suite;
  carla = await newAccount(server.url, { firstName: 'Carla', lastName: 'Neri' });
  await call(
    server.url,
    'user/update-sports',
    { sports: [{ sportId: 'running', intensity: { kind: 'DISTANCE', value: 12_000 } }] },
    carla.jwt,
  );
  const host = await newAccount(server.url, { firstName: 'Dario', lastName: 'Galli' });
  for (const [key, name, km] of [
    ['short', 'Parco Sempione loop', 8],
    ['longer', 'Naviglio Martesana', 14],
    ['long', 'Monza and back', 30],
  ] as const) {
    const { activity } = await call(suite.server.url, 'activity/create-new', runOf(name, km), host.jwt);
    ids[key] = activity.activityId;
  }
});

/** Sheets slide: the picture is taken once every animation has finished. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))).then(() => {});

/** Scrolls a line to the middle of the screen, clear of the bar that sticks to the bottom. */
const centred = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => el.scrollIntoView({ block: 'center' }));

const card = (id: string) => `${testId('activity-card')}[data-activity-id="${id}"]`;

describe('partner fit and the group moving time', () => {
  for (const locale of locales) {
    it(`tags the cards, filters "fits my level" and explains the level on the page (${locale})`, async () => {
      const page = await openPhone(suite.browser, suite.server.url, contexts, locale, '/home', carla.jwt);
      const expected = {
        en: { short: 'Within your level', longer: 'A stretch for you', long: 'Above your level' },
        it: { short: 'Alla tua portata', longer: 'Una sfida per te', long: 'Oltre il tuo livello' },
      }[locale];
      for (const key of ['short', 'longer', 'long'] as const) {
        await page.waitForSelector(card(ids[key]));
        expect(await page.textContent(`${card(ids[key])} ${testId('activity-card-fit')}`)).toBe(expected[key]);
      }
      await screenshot(page, `fit-home-${locale}`);

      await page.click(testId('open-home-filters'));
      await page.click(testId('filters-fits-me'));
      await screenshot(page, `fit-filters-${locale}`);
      await page.click(testId('filters-apply'));
      await page.waitForSelector(card(ids.long), { state: 'detached' });
      await page.waitForSelector(card(ids.short));
      expect(await page.locator(card(ids.longer)).count()).toBe(0);
      await page.waitForSelector(testId('home-filter-fit'));
      await settled(page);
      await screenshot(page, `fit-home-filtered-${locale}`);
      await page.click(testId('home-filter-fit'));
      await page.waitForSelector(card(ids.long));

      await page.click(card(ids.long));
      const line = await page.waitForSelector(testId('activity-fit'));
      expect(await line.textContent()).toMatch(
        locale === 'en'
          ? /^Above your level: 30(\.\d)? km, you go up to 12 km$/
          : /^Oltre il tuo livello: 30(,\d)? km, tu arrivi fino a 12 km$/,
      );
      await screenshot(page, `fit-page-${locale}`);
    });
  }

  it('shows the group moving time to a participant and follows a slower runner joining, live', async () => {
    await call(suite.server.url, 'activity/participate', { activityId: ids.short }, carla.jwt);
    const page = await openPhone(
      suite.browser,
      suite.server.url,
      contexts,
      'en',
      `/view-activity/${ids.short}`,
      carla.jwt,
    );
    // The group's time sits under "How is this estimated?" (one duration on the page, issue 44). The page is opened
    // once it has its figures (the line is there, folded): a tap while it still draws them may be undone by them.
    const line = page.locator(testId('activity-group-time'));
    await line.waitFor({ state: 'attached' });
    await settled(page);
    await page.click(`${testId('stat-moving-time-note')} summary`);
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^Group moving time: about \d+ min, nobody in the group is slower/);

    // Elena runs at 8:00 per km (the model's flat pace is 6:00): her joining reaches Carla's open page.
    const elena = await newAccount(suite.server.url, { firstName: 'Elena', lastName: 'Russo' });
    await call(
      suite.server.url,
      'user/update-sports',
      { sports: [{ sportId: 'running', intensity: { kind: 'PACE', value: 480 } }] },
      elena.jwt,
    );
    await call(suite.server.url, 'activity/participate', { activityId: ids.short }, elena.jwt);
    await page.waitForSelector(`${testId('activity-group-time')}:has-text("set by the pace of 1 person")`);
    await centred(page, testId('activity-group-time'));
    await screenshot(page, 'group-time-en');

    const it = await openPhone(
      suite.browser,
      suite.server.url,
      contexts,
      'it',
      `/view-activity/${ids.short}`,
      carla.jwt,
    );
    await it.waitForSelector(testId('activity-group-time'), { state: 'attached' });
    await settled(it);
    await it.click(`${testId('stat-moving-time-note')} summary`);
    await it.waitForSelector(`${testId('activity-group-time')}:has-text("dettato dal ritmo di 1 persona")`);
    await centred(it, testId('activity-group-time'));
    await screenshot(it, 'group-time-it');
  });
});
