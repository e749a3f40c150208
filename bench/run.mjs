#!/usr/bin/env node
// `npm run bench -- <name> [args…]` runs one benchmark; without a name it lists them.
// docs/performance.md says what each measures and what it needs (PostgreSQL, Redis, a build).
import { spawnSync } from 'node:child_process';

const tsx = (file) => ['--import', 'tsx', file];
const benchmarks = {
  activities: {
    run: tsx('bench/activities.ts'),
    about: 'nearby-activities and list-daily on 1M activities (PostgreSQL)',
  },
  'auth-sign-in': { run: tsx('bench/auth-sign-in.ts'), about: 'sign-in latency with argon2id' },
  'big-answers': {
    run: tsx('bench/big-answers.ts'),
    about: 'first pages of a 100 000-message chat, a 10 000-member group, 5 000 contacts',
  },
  chat: { run: tsx('bench/chat.ts'), about: 'two instances + Redis, 1 000 sockets, send-to-receive latency' },
  'cold-start': { run: ['bench/cold-start.mjs'], about: 'PGlite first start and restart (after npm run build)' },
  geo: { run: tsx('bench/geo.bench.ts'), about: 'GPX parsing against other parsers' },
  'route-files': {
    run: tsx('bench/route-files.ts'),
    about: 'KML, TCX and FIT parsing off the main loop (50 ms budget)',
  },
  recordings: {
    run: tsx('bench/recordings.ts'),
    about: 'watch recordings: 100 000-point FIT in the worker (300 ms), 2-hour upload (10 s), calibration',
  },
  'route-snapping': {
    run: tsx('bench/route-snapping.ts'),
    about: 'a 10-point drawn route: engine answer to snapped line drawn in Chromium (after npm run build)',
  },
  'gpx-worker': {
    run: ['bench/gpx-worker.mjs'],
    about: "a 100 000-point GPX in the app's built Web Worker in Chromium (250 ms, no 50 ms main-thread task)",
  },
  load: { run: tsx('bench/load.ts'), about: 'the mixed load on a realistic PostgreSQL dataset' },
  pack: {
    run: tsx('bench/pack.ts'),
    about: "a 20 km hike's outing pack at zoom 15: size (≤ 40 MB) and build time (< 3 s)",
  },
  location: { run: ['--expose-gc', ...tsx('bench/location.bench.ts')], about: 'autocomplete p99 and gazetteer memory' },
  nearest: {
    run: tsx('bench/nearest.ts'),
    about: "the gazetteer's nearest place: kdbush + geokdbush against the 3-d tree used before",
  },
  notifications: { run: tsx('bench/notifications.ts'), about: 'inviting a group of 1 000 members' },
  people: { run: tsx('bench/people.ts'), about: 'people search on 100 000 people' },
  'slow-network': {
    run: tsx('bench/slow-network.ts'),
    about: 'a signed-in home opened on slow 4G and 3G in Chromium: first activity card (after npm run build)',
  },
  'seat-offers': {
    run: tsx('bench/seat-offers.ts'),
    about: 'offer after a seat frees, through the waitlist job (60 s target)',
  },
  series: {
    run: tsx('bench/series.ts'),
    about: 'materialising 12 weeks of 10 000 weekly series (PostgreSQL; BENCH_ENGINES=pglite too)',
  },
  'web-bundle': {
    run: ['bench/web-bundle.mjs'],
    about: 'gzipped JavaScript of the first load (after building apps/web)',
  },
};

const [name, ...args] = process.argv.slice(2);
const bench = benchmarks[name];
if (!bench) {
  if (name) console.error(`no benchmark called "${name}"\n`);
  console.log('npm run bench -- <name> [args…]\n');
  for (const [key, { about }] of Object.entries(benchmarks)) console.log(`  ${key.padEnd(14)} ${about}`);
  process.exit(name ? 2 : 0);
}
const { status } = spawnSync(process.execPath, [...bench.run, ...args], { stdio: 'inherit' });
process.exit(status ?? 1);
