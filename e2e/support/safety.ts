import type { Page } from 'playwright-core';
import { testId } from './browser.ts';
import { withDatabase } from './postgres.ts';

/**
 * Waits for the page's animations to end, so a screenshot or a measurement shows where things stop. What a tap has
 * just started may reach the page a frame later (React renders it, then its CSS animation begins): two frames pass
 * before the running animations are collected.
 */
export const settled = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
  });

/** Moves an activity under way in the server's database: it started an hour ago and ends in an hour. */
export async function moveUnderWay(databaseUrl: string, activityId: string) {
  const moved = await withDatabase(databaseUrl, (c) =>
    c.query(
      `update activities set starts_at = now() - interval '1 hour', ends_at = now() + interval '1 hour',
         date = to_char(now() at time zone time_zone, 'YYYY-MM-DD'),
         start_time = to_char((now() - interval '1 hour') at time zone time_zone, 'HH24:MI'),
         end_time = to_char((now() + interval '1 hour') at time zone time_zone, 'HH24:MI')
       where id = $1`,
      [activityId],
    ),
  );
  if (moved.rowCount !== 1) throw new Error(`activity ${activityId} not moved under way`);
}

/** Waits until this phone's device key is registered: only then can "I'm back" be queued without signal. */
export const deviceKeyRegistered = (page: Page) =>
  page.waitForFunction(() =>
    Object.keys(localStorage).some(
      (k) => k.startsWith('cordata:device-key:') && localStorage[k].includes('"deviceKeyId":"'),
    ),
  );

/**
 * With no network, taps "I'm back": the phone keeps it with the time it was tapped (returned). The caller has cut the
 * network (`context.setOffline(true)`).
 */
export async function tapBackOffline(page: Page): Promise<string> {
  await page.click(testId('safety-back'));
  await page.waitForSelector(testId('safety-back-queued'));
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('cordata:queued-events')!) as { occurredAt: string }[])[0]!.occurredAt,
  );
}

/** The organiser's clock of an activity's time zone, as the safety panel writes "Back at HH:MM". */
export const safetyClock = (locale: string, timeZone: string) =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
