import { defineConfig } from 'vitest/config';
import { testWorkers } from '../../scripts/test-workers.ts';

export default defineConfig({
  test: {
    // Without it this project runs one file at a time whatever the root config says (scripts/test-workers.ts).
    maxWorkers: testWorkers,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Run apart, one at a time: npm run test:faults (vitest.faults.config.ts).
    exclude: ['test/faults/**'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
