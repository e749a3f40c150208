import { defineConfig } from 'vitest/config';

// Node 20 lacks Map.groupBy, which vitest 5's reporter calls when it prints failures.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value: <T, K>(items: Iterable<T>, key: (item: T, index: number) => K) => {
      const map = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        map.set(k, [...(map.get(k) ?? []), item]);
      }
      return map;
    },
  });
}

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
