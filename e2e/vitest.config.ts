import '../scripts/vitest-node20.ts';
import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromium);
if (!hasChromium) {
  console.warn(`Chromium not found at ${chromium}: the end-to-end journeys are skipped (apt-get install chromium).`);
}

// Journeys start a real server and a real Chromium: one file at a time, generous timeouts.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: hasChromium ? ['**/*.e2e.ts'] : [],
    passWithNoTests: !hasChromium,
    exclude: ['**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
