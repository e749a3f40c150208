import { defineConfig } from 'vitest/config';

// Vitest 5 reports failures with Map.groupBy, which Node 20 lacks: without this, a failing test
// prints a reporter crash instead of what failed. Remove once CI runs Node 22.
if (!Map.groupBy) {
  Map.groupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => {
    const groups = new Map<K, T[]>();
    let index = 0;
    for (const item of items) {
      const k = key(item, index++);
      groups.set(k, [...(groups.get(k) ?? []), item]);
    }
    return groups;
  };
}

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'geo', include: ['packages/geo/src/**/*.test.ts'] } },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
