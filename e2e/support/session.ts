import type { Language, OwnUser } from '@cordata/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { phoneContext } from './browser.ts';

/** The auth store as the app persists it (zustand persist format) under 'cordata:auth'. */
export const authStorageValue = (jwt: string, completed = true) =>
  JSON.stringify({ state: { jwt, completed }, version: 0 });

/** Puts a login token in localStorage before the app's first script runs, once per tab. */
export async function seedToken(context: BrowserContext, jwt: string, completed = true) {
  await context.addInitScript(
    ([value]) => {
      if (sessionStorage.getItem('cordata-e2e-seeded')) return;
      sessionStorage.setItem('cordata-e2e-seeded', '1');
      localStorage.setItem('cordata:auth', value!);
    },
    [authStorageValue(jwt, completed)],
  );
}

const ownUser = {
  userId: '01900000-0000-7000-8000-000000000001',
  email: 'ada@example.org',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Rossi',
  country: 'IT',
  city: 'Milano',
  birthDate: '1990-05-01',
  phone: null,
  gender: 'FEMALE',
  profilePicture: null,
  sports: [],
  paceGroupLevels: [],
  language: 'en',
  role: 'USER',
  completed: true,
  lastOnlineAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
} satisfies OwnUser;

/**
 * Answers the few calls the shell makes as a signed-in user whose profile is complete, so the
 * logged-in route set can be walked before the accounts feature exists. Everything else is 501.
 */
export async function fakeSignedInApi(context: BrowserContext, answers: { unreadNotifications?: number } = {}) {
  await context.route('**/api/space/*/database/**', async (route) => {
    const call = new URL(route.request().url()).pathname.split('/database/')[1];
    const json = (body: unknown, status = 200) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    switch (call) {
      case 'user/own-profile':
        return json({ user: ownUser });
      case 'notification/check-new':
        return json({ count: answers.unreadNotifications ?? 3 });
      case 'chat/list-user-chats':
        return json({ chats: [] });
      case 'user/last-online-at':
        return json({ lastOnlineAt: new Date().toISOString() });
      default:
        return json({ error: { code: 'NOT_IMPLEMENTED', message: 'This feature is not available yet' } }, 501);
    }
  });
}

/** A phone page on `path`, signed in with `jwt` when one is given; its context joins `contexts`. */
export async function openPhone(
  browser: Browser,
  baseUrl: string,
  contexts: BrowserContext[],
  locale: Language,
  path: string,
  jwt?: string,
  width?: number,
): Promise<Page> {
  const context = await phoneContext(browser, locale, baseUrl, width);
  contexts.push(context);
  if (jwt) await seedToken(context, jwt);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}
