import { defineConfig } from 'vitest/config';
import { testWorkers } from '../../scripts/test-workers.ts';

export default defineConfig({
  test: {
    // Without it this project runs one file at a time whatever the root config says (scripts/test-workers.ts).
    maxWorkers: testWorkers,
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Both languages' texts, which the app fetches one at a time (src/i18n/index.ts), and how long a test waits.
    setupFiles: ['src/testing/i18n-setup.ts', 'src/testing/async-setup.ts'],
    // No unit test may reach an outside host: the map is pinned to its plain offline style (docs/configuration.md).
    env: { VITE_MAP_STYLE_URL: 'offline' },
    // Longer than a test's waits (testing/eventually.ts), so a wait that gives up is reported as what it waited for.
    testTimeout: 20_000,
  },
});
