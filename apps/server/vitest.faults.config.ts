import '../../scripts/vitest-node20.ts';
import { defineConfig } from 'vitest/config';

/**
 * The fault tests kill servers, stop and freeze databases and Redis, each on instances of their
 * own. They run one file at a time, apart from the other suites, so their timings are their own.
 */
export default defineConfig({
  test: {
    name: 'server-faults',
    root: import.meta.dirname,
    include: ['test/faults/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
