import './scripts/vitest-node20.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
