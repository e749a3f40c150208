// Vitest 5 reports failures with Map.groupBy, which Node 20 lacks: without this, a failing test
// prints a reporter crash instead of what failed. Imported by every vitest config; remove once
// the project runs on Node 22.
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
