import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { contextsClosedAfterEach, type Locale, launchBrowser, screenshot, testId } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { openPhone } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;
let alice: Account;
let bruno: Account;
let chatId: string;
const contexts = contextsClosedAfterEach('chat');

beforeAll(async () => {
  server = await startServer({ webMode: 'app' });
  browser = await launchBrowser();
  alice = await newAccount(server.url, { firstName: 'Alice', lastName: 'Bianchi' });
  bruno = await newAccount(server.url, { firstName: 'Bruno', lastName: 'Verdi' });
  const { activity } = await call(server.url, 'activity/create-new', pointsActivity(), alice.jwt);
  await call(server.url, 'activity/participate', { activityId: activity.activityId }, bruno.jwt);
  const { chats } = await call(server.url, 'chat/list-user-chats', { pagination: { page: 1, limit: 10 } }, bruno.jwt);
  chatId = chats[0]!.chatId;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(account: Account, locale: Locale, path: string): Promise<Page> {
  return openPhone(browser, server.url, contexts, locale, path, account.jwt);
}

async function openChat(page: Page) {
  await page.click(testId(`chat-row-${chatId}`));
  await page.waitForSelector(testId('chat-sheet'));
  await page.waitForSelector(testId('chat-input'));
}

describe('chatting in an activity chat', () => {
  it('two people chat live, each sees the other typing, in English and Italian', async () => {
    // Alice in English, Bruno in Italian, on two phones.
    const a = await signedIn(alice, 'en', '/chats');
    const b = await signedIn(bruno, 'it', '/chats');
    await a.waitForSelector(testId(`chat-row-${chatId}`));
    await openChat(a);
    await openChat(b);
    await a.waitForSelector(`${testId('chat-event-JOINED')}:has-text("Bruno Verdi joined")`);
    await b.waitForSelector(`${testId('chat-event-JOINED')}:has-text("Bruno Verdi ora fa parte della chat")`);

    // Bruno types: Alice sees it.
    await b.click(testId('chat-input'));
    await b.keyboard.type('Ci vediamo al parcheggio', { delay: 20 });
    await a.waitForSelector(`${testId('chat-typing')}:has-text("Bruno Verdi is typing…")`);
    await screenshot(a, 'chat-typing-en');
    await b.click(testId('chat-send'));
    await b.waitForSelector(`${testId('chat-message')}:has-text("Ci vediamo al parcheggio")`);
    await a.waitForSelector(`${testId('chat-message')}:has-text("Ci vediamo al parcheggio")`);
    await expect.poll(() => a.textContent(testId('chat-typing'))).toBe('');

    // Alice answers, with markup that must stay text.
    await a.fill(testId('chat-input'), 'Perfect, 8:45 <b>sharp</b>!');
    await a.keyboard.press('Enter');
    await b.waitForSelector(`${testId('chat-message')}:has-text("Perfect, 8:45 <b>sharp</b>!")`);
    expect(await b.locator(`${testId('chat-message')} b`).count()).toBe(0);
    await expect.poll(() => b.textContent(testId('chat-typing'))).toBe('');
    await b.waitForSelector(`${testId('chat-day')}:has-text("Oggi")`);
    await screenshot(b, 'chat-sheet-it');
    await screenshot(a, 'chat-sheet-en');
  });

  it('lists the chat with its last message and unread count', async () => {
    await call(
      server.url,
      'chat/send-message',
      { chatId, text: 'Porto le barrette', clientMessageId: 'e2e-1' },
      bruno.jwt,
    );
    for (const [account, locale] of [
      [alice, 'en'],
      [bruno, 'it'],
    ] as const) {
      const page = await signedIn(account, locale, '/chats');
      await page.waitForSelector(testId(`chat-row-${chatId}`));
      if (account === alice) {
        await page.waitForSelector(`${testId(`chat-row-${chatId}`)} ${testId('chat-row-unread')}`);
        await page.waitForSelector(testId('badge-chats'));
      }
      await screenshot(page, `chat-list-${locale}`);
    }
    expect((await call(server.url, 'chat/set-as-read', { chatId }, alice.jwt)).ok).toBe(true);
  });
});
