import { describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import {
  contextsClosedAfterEach,
  type Locale,
  locales,
  phoneContext,
  screenshot,
  screenshotDir,
  testId,
} from '../support/browser.ts';
import { postgresAdminUrl, postgresAvailable, withDatabase } from '../support/postgres.ts';
import { deviceKeyRegistered, moveUnderWay, safetyClock, settled, tapBackOffline } from '../support/safety.ts';
import { mailsTo } from '../support/server.ts';
import { seedToken } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 23, the safety loop (docs/safety.md): an outing under way (its times moved into the past in the server's
 * database). Bruno and Carla share their live positions: each phone sends its own over the socket and sees the
 * other's on the map with the time since the fix. Bruno and the organiser check in; Carla does not. The clock is
 * moved on (the activity's end put 91 minutes in the past): the escalation job tells the group, then e-mails Carla's
 * emergency contact in Carla's language; the mail is read in the outbox and its no-login link opened.
 * Issue 38: Bruno taps "I'm back" with no network; his phone says it is saved, and sends it when the network returns
 * (within 30 s); the organiser then sees him back at the time he tapped it.
 */
const hasPostgres = await postgresAvailable();
if (!hasPostgres) console.warn(`PostgreSQL not reachable at ${postgresAdminUrl}: the safety journey is skipped.`);

const contexts = contextsClosedAfterEach('safety');

const text = {
  en: {
    title: 'Safety',
    subject: 'Carla Riva is not back from Grigna ridge',
    page: 'Carla Riva is not back yet',
    mailed: 'Emergency contacts e-mailed',
    position: 'Last known position',
    organisedBy: 'Organised by: Anna',
    backAt: 'Back at',
  },
  it: {
    title: 'Sicurezza',
    subject: 'Carla Riva non ha ancora segnalato il rientro da Grigna ridge',
    page: 'Carla Riva non ha ancora segnalato il rientro',
    mailed: 'Contatti di emergenza avvisati',
    position: 'Ultima posizione nota',
    organisedBy: 'Organizzata da: Anna',
    backAt: 'Rientrato alle',
  },
};

describe.skipIf(!hasPostgres)('the safety loop', () => {
  const suite = journeySuite({ SAFETY_JOB_EVERY_MS: '500' }, { database: 'safety' });

  /** A phone signed in as `account`, whose position is `at`. */
  async function phone(account: Account, locale: Locale, path: string, at?: { latitude: number; longitude: number }) {
    const context = await phoneContext(suite.browser, locale, suite.server.url);
    contexts.push(context);
    if (at) {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ ...at, accuracy: 10 });
    }
    await seedToken(context, account.jwt);
    const page = await context.newPage();
    await page.goto(path);
    return page;
  }

  const sql = (query: string, values: unknown[]) => withDatabase(suite.database.url, (c) => c.query(query, values));

  it.each(locales)('two share, one is not back, her contact gets the link (%s)', async (locale) => {
    const url = suite.server.url;
    const anna = await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' });
    const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Conti' });
    const carla = await newAccount(url, { firstName: 'Carla', lastName: 'Riva' });
    await sql(`update users set language = $1 where id = $2`, [locale, carla.userId]);
    const contact = `mamma.${locale}.${carla.userId.slice(-6)}@example.test`;
    await call(url, 'user/set-emergency-contacts', { contacts: [{ name: 'Mamma', email: contact }] }, carla.jwt);
    // The contact agrees first (review M-N2): the confirmation mail's link, then its button.
    const [confirmation] = await mailsTo(url, contact);
    const confirmUrl = /https?:\/\/\S+\/safety\/confirm-contact\/[A-Za-z0-9_-]{43}/.exec(confirmation!.text)![0];
    const confirmed = await fetch(new URL(new URL(confirmUrl).pathname, url), { method: 'POST' });
    expect(confirmed.status).toBe(200);
    const { activity } = await call(url, 'activity/create-new', pointsActivity({ name: 'Grigna ridge' }), anna.jwt);
    const { activityId } = activity;
    for (const p of [bruno, carla]) await call(url, 'activity/participate', { activityId }, p.jwt);

    // Under way: it started an hour ago and ends in an hour.
    await moveUnderWay(suite.database.url, activityId);

    // Carla and Bruno turn sharing on; each phone sends its own position and sees the other's.
    const carlaPage = await phone(carla, locale, `/view-activity/${activityId}`, {
      latitude: 45.9312,
      longitude: 9.3874,
    });
    await carlaPage.waitForSelector(`${testId('safety')}[data-state="OPEN"]`);
    expect(await carlaPage.textContent(`${testId('safety')} h3`)).toBe(text[locale].title);
    await carlaPage.click(testId('safety-share'));
    const brunoPage = await phone(bruno, locale, `/view-activity/${activityId}`, {
      latitude: 45.9205,
      longitude: 9.3702,
    });
    await brunoPage.waitForSelector(`${testId('safety')}[data-state="OPEN"]`);
    await brunoPage.click(testId('safety-share'));
    const carlaOnBruno = `${testId('safety-person')}[data-user-id="${carla.userId}"] ${testId('safety-fix')}`;
    await brunoPage.waitForSelector(carlaOnBruno);
    const brunoOnCarla = `${testId('safety-person')}[data-user-id="${bruno.userId}"] ${testId('safety-fix')}`;
    await carlaPage.waitForSelector(brunoOnCarla);
    // The organiser does not share: she sees who shares, never where.
    const annaPage = await phone(anna, locale, `/view-activity/${activityId}`);
    await annaPage.waitForSelector(`${testId('safety')}[data-state="OPEN"]`);
    expect(await annaPage.locator(testId('safety-fix')).count()).toBe(0);

    await brunoPage.locator(testId('activity-map')).scrollIntoViewIfNeeded();
    await settled(brunoPage);
    await screenshot(brunoPage, `safety-1-map-${locale}`);
    await brunoPage.locator(testId('safety')).scrollIntoViewIfNeeded();
    await settled(brunoPage);
    await screenshot(brunoPage, `safety-2-sharing-${locale}`);

    // Bruno and the organiser are back; Carla is not. Bruno taps it with no network: it is saved on his phone…
    await deviceKeyRegistered(brunoPage);
    await brunoPage.context().setOffline(true);
    const tappedAt = await tapBackOffline(brunoPage);
    await screenshot(brunoPage, `safety-2b-back-queued-${locale}`);
    // …and sent when the network returns, well within 30 s; the organiser sees him back at the time he tapped it.
    await new Promise((r) => setTimeout(r, 1000));
    const online = Date.now();
    await brunoPage.context().setOffline(false);
    await brunoPage.waitForSelector(testId('safety-you-are-back'), { timeout: 30_000 });
    expect(Date.now() - online).toBeLessThan(30_000);
    const brunoRow = `${testId('safety-person')}[data-user-id="${bruno.userId}"][data-back="true"]`;
    await annaPage.waitForSelector(brunoRow);
    const clock = safetyClock(locale, activity.timeZone);
    expect(await annaPage.textContent(brunoRow)).toContain(
      `${text[locale].backAt} ${clock.format(new Date(tappedAt))}`,
    );
    await annaPage.click(testId('safety-back'));
    await annaPage.waitForSelector(testId('safety-you-are-back'));

    // The clock moves on: the end (the planned return) 91 minutes ago.
    await sql(
      `update activities set starts_at = now() - interval '4 hours', ends_at = now() - interval '91 minutes' where id = $1`,
      [activityId],
    );
    const deadline = Date.now() + 30_000;
    let mail: { subject: string; text: string } | undefined;
    while (!mail && Date.now() < deadline) {
      mail = (await mailsTo(url, contact)).find((m) => m.subject === text[locale].subject);
      if (!mail) await new Promise((r) => setTimeout(r, 300));
    }
    expect(mail?.subject).toBe(text[locale].subject);

    // The organiser's page: Carla is not back, her contacts were e-mailed.
    await annaPage.reload();
    const carlaRow = `${testId('safety-person')}[data-user-id="${carla.userId}"]`;
    await annaPage.waitForSelector(`${carlaRow}[data-back="false"]:has-text("${text[locale].mailed}")`);
    await annaPage.locator(testId('safety-people')).scrollIntoViewIfNeeded();
    await settled(annaPage);
    await screenshot(annaPage, `safety-3-organiser-${locale}`);

    // The link in the mail works without signing in.
    const link = /https?:\/\/[^\s]+\/api\/space\/cordata\/safety\/([A-Za-z0-9_-]{43})/.exec(mail!.text);
    expect(link).not.toBeNull();
    const context = await phoneContext(suite.browser, locale, url);
    contexts.push(context);
    const page = await context.newPage();
    const answer = await page.goto(`${url}/api/space/cordata/safety/${link![1]}`);
    expect(answer?.status()).toBe(200);
    expect(await page.textContent('h1')).toBe(text[locale].page);
    const body = (await page.textContent('main'))!;
    expect(body).toContain(text[locale].position);
    expect(body).toContain('45.93120, 9.38740');
    // The organiser's first name only: no e-mail, last name or other participant (review M-N2).
    expect(body).toContain(text[locale].organisedBy);
    for (const hidden of [anna.email, 'Ferri', 'Bruno']) expect(body).not.toContain(hidden);
    await page.screenshot({ path: `${screenshotDir}/safety-4-emergency-page-${locale}.png`, fullPage: true });
  });
});
