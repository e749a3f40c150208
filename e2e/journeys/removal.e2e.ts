import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import {
  contextsClosedAfterEach,
  type Locale,
  launchBrowser,
  locales,
  screenshot,
  testId,
} from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { openPhone } from '../support/session.ts';

/** Security review M6: someone an admin removed cannot walk back in; joining again asks the admins. */

let server: RunningServer;
let browser: Browser;
const contexts = contextsClosedAfterEach('removal');

beforeAll(async () => {
  server = await startServer({
    webMode: 'app',
    env: process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {},
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signedIn = (account: Account, locale: Locale, path: string): Promise<Page> =>
  openPhone(browser, server.url, contexts, locale, path, account.jwt);

async function closeFeedback(page: Page, expected: RegExp) {
  const modal = await page.waitForSelector(testId('feedback-modal'));
  expect(await modal.textContent()).toMatch(expected);
  await page.click(testId('feedback-button'));
  await page.waitForSelector(testId('feedback-modal'), { state: 'detached' });
}

describe.each(locales)('removal sticks (%s)', (locale) => {
  it('a removed member of an open group who taps Join sends a request instead', async () => {
    const alice = await newAccount(server.url, { firstName: 'Alice', lastName: 'Bianchi' });
    const dario = await newAccount(server.url, { firstName: 'Dario', lastName: 'Russo' });
    const { group } = await call(server.url, 'group/create-new', { name: 'Sunday runs', type: 'OPEN' }, alice.jwt);
    await call(server.url, 'group/participate', { groupId: group.groupId }, dario.jwt);
    await call(server.url, 'group/remove-user', { groupId: group.groupId, userId: dario.userId }, alice.jwt);

    const page = await signedIn(dario, locale, `/view-group/${group.groupId}`);
    await page.click(testId('group-action-join'));
    await closeFeedback(page, /sent to the admins|inviata agli amministratori/);
    await page.waitForSelector(testId('group-action-withdraw'));
    await screenshot(page, `removal-1-group-request-${locale}`);
    const requests = await call(
      server.url,
      'group/list-requests',
      { groupId: group.groupId, pagination: { page: 1, limit: 10 } },
      alice.jwt,
    );
    expect(requests.requests.map((r) => r.userId)).toEqual([dario.userId]);
  });
});
