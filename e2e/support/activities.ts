import type { CallInput } from '@cordata/contract';
import type { Page } from 'playwright-core';
import { testId } from './browser.ts';

/** The local calendar day `days` from today, as the API takes it (YYYY-MM-DD). */
export function inDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * An activity drawn from A to B by Lecco, the day after tomorrow from 09:00 to 11:00, open and public, named
 * "Giro del lago": what a journey needs to have something to join, chat in or be notified of. `overrides`
 * changes any field.
 */
export const pointsActivity = (
  overrides: Partial<CallInput<'activity/create-new'>> = {},
): CallInput<'activity/create-new'> => ({
  name: 'Giro del lago',
  sportId: 'running',
  date: inDays(2),
  startTime: '09:00',
  endTime: '11:00',
  access: 'OPEN',
  visibility: 'PUBLIC',
  difficulty: 'MEDIUM',
  route: {
    mode: 'POINTS',
    start: { latitude: 45.85, longitude: 9.39 },
    destination: { latitude: 45.86, longitude: 9.4 },
    routeSteps: [],
  },
  ...overrides,
});

/** Opens the new-activity wizard from the home, fills its first step with `name` for tomorrow, and picks a GPX file as the route. */
export async function openWizardGpxStep(page: Page, name: string) {
  await page.click(testId('create-activity'));
  await page.waitForSelector(testId('wizard-info'));
  await page.fill(testId('activity-name-input'), name);
  await page.waitForSelector(`${testId('activity-sport-input')} option:nth-child(2)`, { state: 'attached' });
  await page.selectOption(testId('activity-sport-input'), { index: 1 });
  await page.fill(testId('activity-date-input'), inDays(1));
  await page.fill(testId('activity-start-input'), '09:00');
  await page.fill(testId('activity-end-input'), '14:00');
  await page.click(testId('wizard-next'));
  await page.waitForSelector(testId('wizard-path'));
  await page.click(testId('path-gpx'));
  await page.waitForSelector(testId('wizard-gpx'));
}
