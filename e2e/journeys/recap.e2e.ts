import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { contextsClosedAfterEach, expectToast, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { postgresAdminUrl, postgresAvailable, withDatabase } from '../support/postgres.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 22, the recap: an activity ends (its times are moved into the past in the server's database, as the morning
 * would have gone by), and its page becomes its recap for the people who took part: who came, the route with its
 * distance, climb and time, and the album. A participant adds a photo through the presigned upload; another sees it
 * with its uploader; someone who did not take part sees no recap and cannot read the photo's plain address.
 */
const hasPostgres = await postgresAvailable();
if (!hasPostgres) console.warn(`PostgreSQL not reachable at ${postgresAdminUrl}: the recap journey is skipped.`);

const contexts = contextsClosedAfterEach('recap');

const text = {
  en: { title: 'Recap', came: 'Who came (3)', photos: 'Photos (1)', time: '2 h' },
  it: { title: 'Riepilogo', came: 'Chi c’era (3)', photos: 'Foto (1)', time: '2 h' },
};

/** Sheets and toasts slide: the picture is taken once every animation has finished. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))).then(() => {});

describe.skipIf(!hasPostgres)('the recap', () => {
  const suite = journeySuite({}, { database: 'recap' });

  const phone = (account: Account, locale: Locale, path: string): Promise<Page> =>
    openPhone(suite.browser, suite.server.url, contexts, locale, path, account.jwt);

  it.each(locales)('after the end, a participant adds a photo and another sees the recap (%s)', async (locale) => {
    const url = suite.server.url;
    const anna = await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' });
    const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Conti' });
    const carla = await newAccount(url, { firstName: 'Carla', lastName: 'Riva' });
    const dario = await newAccount(url, { firstName: 'Dario', lastName: 'Sala' });
    const { activity } = await call(
      url,
      'activity/create-new',
      pointsActivity({
        name: 'Resegone',
        route: {
          mode: 'POINTS',
          start: { latitude: 45.85, longitude: 9.39, address: 'Piani d’Erna' },
          destination: { latitude: 45.86, longitude: 9.45 },
          routeSteps: [{ latitude: 45.855, longitude: 9.42 }],
        },
      }),
      anna.jwt,
    );
    const { activityId } = activity;
    for (const p of [bruno, carla]) await call(url, 'activity/participate', { activityId }, p.jwt);

    // Yesterday from 09:00 to 11:00 in Rome: it has ended.
    const { rowCount } = await withDatabase(suite.database.url, (c) =>
      c.query(
        `update activities set date = to_char(current_date - 1, 'YYYY-MM-DD'),
           starts_at = ((current_date - 1) + time '09:00') at time zone time_zone,
           ends_at = ((current_date - 1) + time '11:00') at time zone time_zone
         where id = $1`,
        [activityId],
      ),
    );
    expect(rowCount).toBe(1);

    // Bruno's page is the recap: who came, the route and its figures, an empty album open for 7 days.
    const brunoPage = await phone(bruno, locale, `/view-activity/${activityId}`);
    await brunoPage.waitForSelector(testId('recap'));
    expect(await brunoPage.textContent(`${testId('recap')} h3`)).toBe(text[locale].title);
    expect(await brunoPage.textContent(`${testId('recap-attendees')} h4`)).toBe(text[locale].came);
    expect(await brunoPage.locator(testId('recap-attendee')).count()).toBe(3);
    expect(await brunoPage.textContent(testId('recap-time'))).toBe(text[locale].time);
    expect(await brunoPage.textContent(testId('recap-distance'))).toMatch(/km/);
    await brunoPage.waitForSelector(testId('recap-album-empty'));
    expect(await brunoPage.locator(testId('activity-map')).count()).toBe(0);
    await brunoPage.waitForSelector(`${testId('recap-map')} [data-map-ready]`);
    await settled(brunoPage);
    await screenshot(brunoPage, `recap-1-recap-${locale}`);

    // He adds a photo from his phone: the presigned upload, then the album.
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 70, g: 130, b: 180 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="1600" height="1200"><polygon points="0,1200 600,350 900,700 1200,250 1600,1200" fill="#3c6e47"/><circle cx="1300" cy="200" r="90" fill="#ffd54f"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    await brunoPage.setInputFiles(testId('recap-photo-input'), {
      name: 'summit.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await expectToast(brunoPage);
    const mine = await brunoPage.waitForSelector(testId('recap-photo'));
    expect(await mine.$eval(testId('recap-photo-uploader'), (e) => e.textContent)).toBe('Bruno Conti');
    expect(await brunoPage.locator(testId('recap-photo-delete')).count()).toBe(1);
    await brunoPage.locator(testId('recap-album')).scrollIntoViewIfNeeded();
    await brunoPage.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="recap-photo"] img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await settled(brunoPage);
    await screenshot(brunoPage, `recap-2-photo-added-${locale}`);

    // Carla sees the recap with Bruno's photo, its uploader and time; she cannot delete it.
    const carlaPage = await phone(carla, locale, `/view-activity/${activityId}`);
    await carlaPage.waitForSelector(testId('recap-photo'));
    expect(await carlaPage.textContent(`${testId('recap-album')} h4`)).toBe(text[locale].photos);
    expect(await carlaPage.textContent(testId('recap-photo-uploader'))).toBe('Bruno Conti');
    expect(await carlaPage.locator(testId('recap-photo-delete')).count()).toBe(0);
    await carlaPage.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="recap-photo"] img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await carlaPage.locator(testId('recap-album')).scrollIntoViewIfNeeded();
    await settled(carlaPage);
    await screenshot(carlaPage, `recap-3-seen-by-another-${locale}`);

    // Dario did not take part: no recap for him, and the photo's address without its signature gives nothing.
    const { recap } = await call(url, 'activity/read-recap', { activityId }, carla.jwt);
    const signed = recap.photos[0]!.url;
    const darioPage = await phone(dario, locale, `/view-activity/${activityId}`);
    await darioPage.waitForSelector(testId('activity-details'));
    expect(await darioPage.locator(testId('recap')).count()).toBe(0);
    const plain = new URL(signed);
    plain.search = '';
    expect((await fetch(plain)).status).toBe(404);
    expect((await fetch(signed)).status).toBe(200);
    const refused = await fetch(`${url}/api/space/cordata/database/activity/read-recap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${dario.jwt}` },
      body: JSON.stringify({ activityId }),
    });
    expect(refused.status).toBe(403);
  });
});
