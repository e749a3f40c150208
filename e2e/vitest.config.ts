import '../scripts/vitest-node20.ts';
import { defineConfig } from 'vitest/config';

// Journeys start a real server and a real Chromium: one file at a time, generous timeouts.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
