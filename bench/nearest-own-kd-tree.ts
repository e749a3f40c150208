// The 3-d tree the gazetteer used before issue 39 (apps/server/src/modules/location/kd-tree.ts then), kept as the
// baseline of bench/nearest.ts only.
/**
 * A static 3-d tree over points on the unit sphere, for nearest-place lookups. Working in 3-d
 * avoids every special case of latitude and longitude (the antimeridian, the poles): the straight
 * chord between two points grows with their great-circle distance.
 *
 * The tree is implicit: `order` holds point indices so that for any range the middle element
 * splits it on axis depth % 3. No node objects, one Uint32Array.
 */
export interface KdTree {
  /** The index of the point nearest to (latitude, longitude), and its distance in kilometres. */
  nearest(latitude: number, longitude: number): { index: number; km: number } | null;
}

const EARTH_RADIUS_KM = 6371;

export function toUnitVector(latitude: number, longitude: number): [number, number, number] {
  const lat = (latitude * Math.PI) / 180;
  const lon = (longitude * Math.PI) / 180;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

export function buildKdTree(latitudes: ArrayLike<number>, longitudes: ArrayLike<number>): KdTree {
  const n = latitudes.length;
  const xyz = new Float64Array(n * 3);
  for (let i = 0; i < n; i++) xyz.set(toUnitVector(latitudes[i]!, longitudes[i]!), i * 3);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;

  const key = (slot: number, axis: number) => xyz[order[slot]! * 3 + axis]!;
  const swap = (a: number, b: number) => {
    const t = order[a]!;
    order[a] = order[b]!;
    order[b] = t;
  };
  /** Moves the k-th smallest of order[lo, hi) on `axis` to slot k (Hoare's selection). */
  function select(lo: number, hi: number, k: number, axis: number) {
    let left = lo;
    let right = hi - 1;
    while (right > left) {
      const pivot = key((left + right) >> 1, axis);
      let i = left;
      let j = right;
      while (i <= j) {
        while (key(i, axis) < pivot) i++;
        while (key(j, axis) > pivot) j--;
        if (i <= j) swap(i++, j--);
      }
      if (k <= j) right = j;
      else if (k >= i) left = i;
      else return;
    }
  }
  const stack: [number, number, number][] = [[0, n, 0]];
  while (stack.length) {
    const [lo, hi, depth] = stack.pop()!;
    if (hi - lo < 2) continue;
    const mid = (lo + hi) >> 1;
    select(lo, hi, mid, depth % 3);
    stack.push([lo, mid, depth + 1], [mid + 1, hi, depth + 1]);
  }

  return {
    nearest(latitude, longitude) {
      if (n === 0) return null;
      const q = toUnitVector(latitude, longitude);
      let best = -1;
      let bestD2 = Number.POSITIVE_INFINITY;
      const visit = (lo: number, hi: number, depth: number) => {
        if (lo >= hi) return;
        const mid = (lo + hi) >> 1;
        const p = order[mid]! * 3;
        const dx = xyz[p]! - q[0];
        const dy = xyz[p + 1]! - q[1];
        const dz = xyz[p + 2]! - q[2];
        const d2 = dx * dx + dy * dy + dz * dz;
        if (d2 < bestD2) {
          bestD2 = d2;
          best = order[mid]!;
        }
        const axis = depth % 3;
        const diff = q[axis]! - xyz[p + axis]!;
        const [near, far] = diff < 0 ? [lo, mid + 1] : [mid + 1, lo];
        const [nearHi, farHi] = diff < 0 ? [mid, hi] : [hi, mid];
        visit(near, nearHi, depth + 1);
        if (diff * diff < bestD2) visit(far, farHi, depth + 1);
      };
      visit(0, n, 0);
      const chord = Math.sqrt(bestD2);
      return { index: best, km: 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, chord / 2)) };
    },
  };
}
