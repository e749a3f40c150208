import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { contextsClosedAfterEach, expectToast, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/** Security review M6: someone an admin removed cannot walk back in; joining again asks the admins. */

const suite = journeySuite();
const contexts = contextsClosedAfterEach('removal');

const signedIn = (account: Account, locale: Locale, path: string): Promise<Page> =>
  openPhone(suite.browser, suite.server.url, contexts, locale, path, account.jwt);

describe.each(locales)('removal sticks (%s)', (locale) => {
  it('a removed member of an open group who taps Join sends a request instead', async () => {
    const alice = await newAccount(suite.server.url, { firstName: 'Alice', lastName: 'Bianchi' });
    const dario = await newAccount(suite.server.url, { firstName: 'Dario', lastName: 'Russo' });
    const { group } = await call(
      suite.server.url,
      'group/create-new',
      { name: 'Sunday runs', type: 'OPEN' },
      alice.jwt,
    );
    await call(suite.server.url, 'group/participate', { groupId: group.groupId }, dario.jwt);
    await call(suite.server.url, 'group/remove-user', { groupId: group.groupId, userId: dario.userId }, alice.jwt);

    const page = await signedIn(dario, locale, `/view-group/${group.groupId}`);
    await page.click(testId('group-action-join'));
    await expectToast(page, /sent to the admins|inviata agli amministratori/);
    await page.waitForSelector(testId('group-action-withdraw'));
    await screenshot(page, `removal-1-group-request-${locale}`);
    const requests = await call(
      suite.server.url,
      'group/list-requests',
      { groupId: group.groupId, pagination: { page: 1, limit: 10 } },
      alice.jwt,
    );
    expect(requests.requests.map((r) => r.userId)).toEqual([dario.userId]);
  });
});
