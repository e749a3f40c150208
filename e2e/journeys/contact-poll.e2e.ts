import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { inDays } from '../support/activities.ts';
import { contextsClosedAfterEach, expectToast, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { settled } from '../support/safety.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 40, a date poll among contacts, outside any group (docs/polls.md), on a phone in English and Italian: from
 * the Contacts screen a person asks two of their three contacts to pick a date; exactly those two are asked, and the
 * poll is listed there for them.
 */
const suite = journeySuite();
const contexts = contextsClosedAfterEach('contact-poll');
const sent = { en: 'Poll sent', it: 'Sondaggio inviato' };

const phone = (account: Account, locale: Locale, path: string): Promise<Page> =>
  openPhone(suite.browser, suite.server.url, contexts, locale, path, account.jwt);

async function connect(url: string, a: Account, b: Account) {
  await call(url, 'user/request-connection', { userId: b.userId }, a.jwt);
  await call(url, 'user/accept-connection', { userId: a.userId }, b.jwt);
}

describe.each(locales)('a date poll among contacts (%s)', (locale) => {
  it('asks exactly the contacts ticked, and lists the poll on their Contacts screen', async () => {
    const url = suite.server.url;
    const anna = await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' });
    const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Conti' });
    const carla = await newAccount(url, { firstName: 'Carla', lastName: 'Riva' });
    const dario = await newAccount(url, { firstName: 'Dario', lastName: 'Sala' });
    for (const friend of [bruno, carla, dario]) await connect(url, anna, friend);

    const page = await phone(anna, locale, '/contacts');
    await page.click(testId('contacts-propose-dates'));
    await page.waitForSelector(testId('handle-poll-sheet'));
    await page.fill(testId('poll-title'), 'Sunday hike');
    await page.fill(testId('poll-slot-date-0'), inDays(6));
    // Sent with nobody ticked, it says so and sends nothing.
    await page.click(testId('poll-send'));
    await page.locator(`${testId('poll-contacts')} [role="alert"]`).waitFor();
    for (const name of ['Bruno', 'Carla']) await page.locator(testId('poll-contact')).filter({ hasText: name }).click();
    await settled(page);
    await screenshot(page, `contact-poll-1-form-${locale}`);
    await page.click(testId('poll-send'));
    await expectToast(page, sent[locale]);
    await page.waitForURL(/\/poll\//);
    const pollId = page.url().split('/poll/')[1]!;

    const { poll } = await call(url, 'poll/read-info', { pollId }, bruno.jwt);
    expect(poll).toMatchObject({ group: null, askedCount: 2 });
    // Dario, a contact left unticked, is not asked: the poll does not exist for him.
    await expect(call(url, 'poll/read-info', { pollId }, dario.jwt)).rejects.toThrow(/answered 404/);

    const brunoPage = await phone(bruno, locale, '/contacts');
    await brunoPage.locator(testId('contact-poll')).filter({ hasText: 'Sunday hike' }).waitFor();
    await settled(brunoPage);
    await screenshot(brunoPage, `contact-poll-2-listed-${locale}`);
  });
});
