import '../scripts/vitest-node20.ts';
import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { chromiumPath } from './support/chromium.ts';

const hasChromium = existsSync(chromiumPath);
if (!hasChromium) {
  console.warn(
    `Chromium not found at ${chromiumPath}: the end-to-end journeys are skipped (apt-get install chromium-headless-shell).`,
  );
}

/**
 * Journeys that measure time on the main thread (the 100 000-point GPX budget, Lighthouse): they run
 * alone, after the others, so that no other journey's browser shares the cores while they measure.
 */
export const timedJourneys = ['journeys/gpx-budget.e2e.ts', 'journeys/lighthouse.e2e.ts'];

// Each journey file starts its own server (free port, own data directory, own PostgreSQL database) and
// Chromium, so files are independent. `npm test -w e2e` runs two phases: E2E_PHASE=shared runs the
// untimed files E2E_WORKERS at a time (2), then E2E_PHASE=timed runs the timed ones alone. Without a
// phase (a single file run by hand), every file runs, one at a time.
const phase = process.env.E2E_PHASE;
const workers = phase === 'shared' ? Number(process.env.E2E_WORKERS ?? 2) : 1;

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: hasChromium ? (phase === 'timed' ? timedJourneys : ['**/*.e2e.ts']) : [],
    exclude: ['**/node_modules/**', ...(phase === 'shared' ? timedJourneys : [])],
    passWithNoTests: true,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: workers > 1,
    maxWorkers: workers,
  },
});
