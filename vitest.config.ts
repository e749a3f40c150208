import './scripts/vitest-node20.ts';
import { defineConfig } from 'vitest/config';
import { testWorkers } from './scripts/test-workers.ts';

export default defineConfig({
  test: {
    // Test files are independent (a database each), and a PGlite file waits on its WebAssembly engine, so two
    // at a time use both cores. The projects below that have a config file of their own set it again.
    maxWorkers: testWorkers,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'geo', include: ['packages/geo/src/**/*.test.ts'] } },
      // The committed Android and iOS projects (issue 21).
      { test: { name: 'native', include: ['apps/web/scripts/**/*.test.ts'] } },
      // The deployment files: Kubernetes manifests rendered by kubectl (issue 37).
      { test: { name: 'deploy', include: ['deploy/**/*.test.ts'] } },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
