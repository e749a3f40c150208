import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // No unit test may reach an outside host: the map is pinned to its plain offline style (docs/configuration.md).
    env: { VITE_MAP_STYLE_URL: 'offline' },
  },
});
