import './scripts/vitest-node20.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default in run mode is one worker fewer than the cores: one, on the 2-core machines we run
    // on. Test files are independent (a database each), and a PGlite file waits on its WebAssembly engine,
    // so two at a time use both cores.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'geo', include: ['packages/geo/src/**/*.test.ts'] } },
      // The committed Android and iOS projects (issue 21).
      { test: { name: 'native', include: ['apps/web/scripts/**/*.test.ts'] } },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
