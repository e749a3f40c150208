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
      // The deployment files (issue 37): Kubernetes manifests rendered by kubectl, compose.yaml, the proxy's
      // Caddyfile run by Caddy in front of a test app (hence the server's database template).
      {
        test: {
          name: 'deploy',
          include: ['deploy/**/*.test.ts'],
          globalSetup: ['./apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
