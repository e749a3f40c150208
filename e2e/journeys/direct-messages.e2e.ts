import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { contextsClosedAfterEach, type Locale, launchBrowser, screenshot, testId } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { openPhone } from '../support/session.ts';

/**
 * Direct messages (issue 19): two contacts on two phones. One opens the other's profile, taps Message
 * and writes; the other sees the chat appear live in their list, opens it and replies.
 */
let server: RunningServer;
let browser: Browser;
let alice: Account;
let bruno: Account;
const contexts = contextsClosedAfterEach('direct-messages');

beforeAll(async () => {
  server = await startServer({ webMode: 'app' });
  browser = await launchBrowser();
  alice = await newAccount(server.url, { firstName: 'Alice', lastName: 'Bianchi' });
  bruno = await newAccount(server.url, { firstName: 'Bruno', lastName: 'Verdi' });
  await call(server.url, 'user/request-connection', { userId: bruno.userId }, alice.jwt);
  await call(server.url, 'user/accept-connection', { userId: alice.userId }, bruno.jwt);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signedIn = (account: Account, locale: Locale, path: string): Promise<Page> =>
  openPhone(browser, server.url, contexts, locale, path, account.jwt);

const message = (text: string) => `${testId('chat-message')}:has-text("${text}")`;

describe('direct messages between contacts', () => {
  it('Message on a profile opens the chat; the other sees it live in the chats list and replies', async () => {
    // Bruno (Italian) waits on his chats list; Alice (English) opens his profile.
    const b = await signedIn(bruno, 'it', '/chats');
    await b.waitForSelector(testId('chats-empty'));
    const a = await signedIn(alice, 'en', `/profile/${bruno.userId}`);
    const messageButton = await a.waitForSelector(testId(`message-${bruno.userId}`));
    expect(await messageButton.textContent()).toBe('Message');
    await screenshot(a, 'direct-profile-en');

    await messageButton.click();
    await a.waitForSelector(testId('chat-sheet'));
    expect(await a.textContent(testId('chat-person'))).toContain('Bruno Verdi');
    await a.waitForSelector(':text("This is the beginning of your conversation with Bruno Verdi")');
    await a.fill(testId('chat-input'), 'Ciao Bruno! Resegone on Sunday?');
    await a.click(testId('chat-send'));
    await a.waitForSelector(message('Ciao Bruno! Resegone on Sunday?'));

    // The chat appears in Bruno's list without a reload, with Alice's name and an unread badge.
    const row = b.locator(`${testId('chat-list')} [data-kind="DIRECT"]`);
    await row.waitFor();
    expect(await row.locator(testId('chat-row-name')).textContent()).toBe('Alice Bianchi');
    expect(await row.locator(testId('chat-row-preview')).textContent()).toBe('Ciao Bruno! Resegone on Sunday?');
    await row.locator(testId('chat-row-unread')).waitFor();
    await screenshot(b, 'direct-list-it');

    // Bruno opens it and replies; Alice sees the reply live.
    await row.click();
    await b.waitForSelector(message('Ciao Bruno! Resegone on Sunday?'));
    expect(await b.textContent(testId('chat-person'))).toContain('Alice Bianchi');
    await b.waitForSelector(`${testId('chat-head-kind')}:has-text("Messaggio diretto")`);
    await b.fill(testId('chat-input'), 'Certo, alle 8 al parcheggio!');
    await b.keyboard.press('Enter');
    await a.waitForSelector(message('Certo, alle 8 al parcheggio!'));
    await b.waitForSelector(message('Certo, alle 8 al parcheggio!'));
    await screenshot(b, 'direct-chat-it');
    await screenshot(a, 'direct-chat-en');
  });

  it('shows the chat in the list and Message on the contacts list, in English and Italian', async () => {
    for (const [account, other, locale] of [
      [alice, bruno, 'it'],
      [bruno, alice, 'en'],
    ] as const) {
      const page = await signedIn(account, locale, '/chats');
      await page.locator(`${testId('chat-list')} [data-kind="DIRECT"]`).waitFor();
      await screenshot(page, `direct-list-${locale}`);
      await page.goto('/contacts');
      const button = await page.waitForSelector(testId(`message-${other.userId}`));
      expect(await button.textContent()).toBe(locale === 'it' ? 'Messaggio' : 'Message');
      await screenshot(page, `direct-contacts-${locale}`);
      await button.click();
      await page.waitForSelector(message('Certo, alle 8 al parcheggio!'));
    }
  });

  it('keeps the chat readable once they are no longer contacts, and says why one cannot write', async () => {
    await call(server.url, 'user/delete-connection', { userId: bruno.userId }, alice.jwt);
    for (const [account, locale, text] of [
      [alice, 'en', 'You and Bruno Verdi are no longer contacts: you cannot write in this chat any more.'],
      [bruno, 'it', 'Tu e Alice Bianchi non siete più in contatto: non puoi più scrivere in questa chat.'],
    ] as const) {
      const page = await signedIn(account, locale, '/chats');
      await page.click(`${testId('chat-list')} [data-kind="DIRECT"]`);
      await page.waitForSelector(message('Certo, alle 8 al parcheggio!'));
      expect(await page.textContent(testId('chat-not-contact'))).toBe(text);
      expect(await page.locator(testId('chat-input')).count()).toBe(0);
      await screenshot(page, `direct-not-contact-${locale}`);
    }
  });
});
